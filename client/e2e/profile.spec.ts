import { expect, test, type Page } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * The profile side: on a 390×844 phone, Ada edits her profile (live username check,
 * save), sees in Updates the timeline Bo proposed from his own browser, accepts it (the unread
 * badge changes), finds Bo in her connection web and opens his public profile. Bo follows the
 * View link of his "accepted" notification. Every screen gets an axe scan (no serious/critical).
 */

const shot = (page: Page, name: string) => saveShot(page, `profile-${name}`);

const unreadBadge = (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Updates/ });

test("profile, updates and the public profile on a phone", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const adaEmail = `ada-${stamp}@example.com`;
  const boEmail = `bo-${stamp}@example.com`;
  const [ada, bo] = await Promise.all([signIn(browser, baseURL, adaEmail), signIn(browser, baseURL, boEmail)]);
  const adaErrors = trackPageErrors(ada);
  const boErrors = trackPageErrors(bo);

  // Bo gets a name of his own first, so Ada can try (and fail) to take it.
  const boName = `bo${stamp}`;
  await graphql(bo, "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }", {
    input: { username: boName, displayName: "Bo Jensen" },
  });

  // ---- Edit Profile ------------------------------------------------------------------------
  await ada.goto("/app/edit-profile");
  await expect(ada.getByRole("heading", { level: 1, name: "Edit Profile" })).toBeVisible();
  const username = ada.getByRole("textbox", { name: "Username" });
  await expect(username).not.toHaveValue("");
  await expect(ada.getByText("Your unique username. Lowercase letters and numbers only.")).toBeVisible();
  await expectAccessible(ada, "Edit Profile");
  await shot(ada, "edit-profile");

  await ada.getByRole("textbox", { name: "Display name" }).fill("Ada Lovelace");
  await username.fill(boName.toUpperCase());
  await expect(username).toHaveValue(boName); // lowercased as typed
  await expect(ada.getByText("This username is already taken", { exact: true })).toBeVisible();
  await expect(ada.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  await expectAccessible(ada, "Edit Profile, username taken");
  await shot(ada, "edit-profile-taken");

  const adaName = `lovelace${stamp}`;
  await username.fill(adaName);
  await expect(ada.getByText("Username is available")).toBeVisible();
  await ada.getByRole("textbox", { name: "Bio" }).fill("Counting stars and keeping the small moments.");
  await ada.getByRole("button", { name: "Save Changes" }).click();

  // ---- Profile ----------------------------------------------------------------------------
  await expect(ada).toHaveURL(/\/app\/profile$/);
  const about = ada.getByRole("region", { name: "About" });
  await expect(about.getByRole("heading", { name: "Ada Lovelace" })).toBeVisible();
  await expect(about).toContainText(`@${adaName}`);
  await expect(about).toContainText(adaEmail);
  await expect(about).toContainText("Counting stars and keeping the small moments.");
  await expect(about).toContainText("AL"); // the generated initials avatar
  await expect(ada.getByText(/Your web grows as you share memories/)).toBeVisible();
  await expectAccessible(ada, "Profile (web)");
  await shot(ada, "profile-empty-web");
  await ada.getByRole("tab", { name: "Highlights" }).click();
  await expect(ada.getByRole("heading", { name: "No highlights yet" })).toBeVisible();
  await expect(ada.getByRole("button", { name: "Choose highlights" })).toBeVisible();
  await expectAccessible(ada, "Profile (highlights)");

  // ---- Updates: Bo proposes a timeline from his browser ------------------------------------
  await ada.goto("/app/updates");
  await expect(ada.getByRole("heading", { name: "All caught up!" })).toBeVisible();
  await expectAccessible(ada, "Updates, empty");

  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    bo,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "Summer by the sea", collaboratorEmail: adaEmail, privacy: "PUBLIC" } },
  );
  const timelineId = createTimeline.timeline.id;

  // The badge picks it up on the "notificationsUpdated" event (and every 30 s); here, a reload.
  await ada.reload();
  const proposal = ada
    .getByRole("article")
    .filter({ hasText: 'Bo Jensen invited you to share the timeline "Summer by the sea"' });
  await expect(proposal).toBeVisible();
  await expect(unreadBadge(ada)).toHaveAccessibleName("Updates 1 unread");
  // Only the proposal is unread, and "Mark all" cannot mark it: no button.
  await expect(ada.getByRole("button", { name: /Mark all as read/ })).toHaveCount(0);
  // Its View opens the proposed timeline.
  await expect(proposal.getByRole("link", { name: "View" })).toHaveAttribute(
    "href",
    `/app/view-timeline?id=${timelineId}`,
  );
  await expect(proposal.getByRole("time")).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
  await expectAccessible(ada, "Updates, with a proposal");
  await shot(ada, "updates-proposal");

  // Reject asks first; cancelling does nothing.
  await proposal.getByRole("button", { name: "Reject" }).click();
  const dialog = ada.getByRole("alertdialog");
  await expect(dialog).toContainText(
    "Are you sure you want to reject this timeline proposal? This action cannot be undone.",
  );
  await expectAccessible(ada, "Updates, reject confirmation");
  await shot(ada, "updates-reject-confirm");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(proposal.getByRole("button", { name: "Accept" })).toBeVisible();

  await proposal.getByRole("button", { name: "Accept" }).click();
  // The outcome replaces the buttons at once, and the badge drops without a reload.
  await expect(proposal.getByText("You accepted")).toBeVisible();
  await expect(proposal.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(unreadBadge(ada)).toHaveAccessibleName("Updates");
  await expect(ada.getByRole("button", { name: /Mark all as read/ })).toHaveCount(0);
  await shot(ada, "updates-accepted");

  // Bo's "accepted" notification: the View link marks it read and opens the timeline.
  await bo.goto("/app/updates");
  const accepted = bo.getByRole("article").filter({ hasText: "accepted your invitation" });
  await expect(accepted).toBeVisible();
  await expect(unreadBadge(bo)).toHaveAccessibleName("Updates 1 unread");
  await accepted.getByRole("link", { name: "View" }).click();
  await expect(bo).toHaveURL(new RegExp(`/app/view-timeline\\?id=${timelineId}$`));
  await expect(unreadBadge(bo)).toHaveAccessibleName("Updates");

  // ---- Memories ------------------------------------------------------------------------------
  await ada.goto("/app/memories");
  await expect(ada.getByRole("heading", { level: 1, name: "Your Memories" })).toBeVisible();
  await expect(ada.getByRole("heading", { name: "No memories yet" })).toBeVisible();
  await expectAccessible(ada, "Memories, empty");

  await addMemoryWithPhoto(bo, timelineId, {
    caption: "First swim of the year",
    location: "Skagen",
    memoryDate: "2024-01-05",
    meaning: "Cold water, warm laughter.",
  });
  await addMemoryWithPhoto(ada, timelineId, { caption: "Undated picnic", location: "Aarhus", meaning: "" });
  await ada.reload();
  const journal = ada.getByRole("list", { name: "Memories, newest first" });
  await expect(journal.getByRole("button")).toHaveCount(2);
  await expect(journal.getByRole("button").first()).toContainText("First swim of the year");
  await expect(journal.getByRole("button").first()).toContainText("Jan 5, 2024");
  await expectAccessible(ada, "Memories");
  await shot(ada, "memories");
  await journal.getByRole("button").first().click();
  const viewer = ada.getByRole("dialog", { name: "First swim of the year" });
  await expect(viewer).toBeVisible();
  await expect(viewer.locator("xpath=ancestor-or-self::*[@data-theme][1]")).toHaveAttribute("data-theme", "rose");
  await expect(viewer).toContainText("Why this moment matters");
  await expectAccessible(ada, "Memories, viewer");
  await shot(ada, "memories-viewer");
  await viewer.getByRole("button", { name: "Close" }).click();

  await ada.goto(`/app/memories?email=${encodeURIComponent(boEmail)}`);
  await expect(ada.getByRole("heading", { level: 1, name: "Profile Memories" })).toBeVisible();
  await expect(ada.getByText("Memories from this profile")).toBeVisible();
  await expect(ada.getByRole("button", { name: /First swim of the year/ })).toBeVisible();

  // ---- The connection web and Bo's public profile -------------------------------------------
  await ada.goto("/app/profile");
  const boNode = ada.getByRole("link", { name: /^Bo Jensen, Closest, 2 shared memories/ });
  await expect(boNode).toBeVisible();
  await expectAccessible(ada, "Profile with a connection");
  await shot(ada, "profile-web");
  // A first tap shows the shared-memory count under the web; a second opens the profile.
  await boNode.tap();
  await expect(ada.getByTestId("web-selected-person")).toContainText("2 shared memories");
  await shot(ada, "profile-web-selected");
  await boNode.tap();

  await expect(ada).toHaveURL(new RegExp(`/app/public-profile\\?username=${boName}$`));
  await expect(ada.getByRole("heading", { level: 1, name: "Bo Jensen" })).toBeVisible();
  await expect(ada.locator('[data-theme="night"]').first()).toBeVisible();
  await expect(ada.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  const profileNav = ada.getByRole("navigation", { name: "Profile navigation" });
  await expect(profileNav.getByRole("button", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await expect(ada.getByRole("link", { name: /^Ada Lovelace, Closest/ })).toHaveAttribute("href", "/app/profile");
  await expect(ada.getByRole("link", { name: "Your profile" })).toHaveAttribute("href", "/app/profile");
  await expectAccessible(ada, "Public profile");
  await shot(ada, "public-profile");

  await profileNav.getByRole("button", { name: "Timelines" }).click();
  const card = ada.getByRole("button", { name: /Summer by the sea/ });
  await expect(card).toContainText("with Ada Lovelace");
  await expect(card).toContainText("2 memories");
  await expectAccessible(ada, "Public profile, timelines");
  await card.click();
  await expect(ada.getByRole("heading", { level: 2, name: "Summer by the sea" })).toBeVisible();
  const strip = ada.getByRole("region", { name: "Memories, oldest first" });
  // No date counts as the earliest.
  await expect(strip.getByRole("listitem").first()).toContainText("Undated picnic");
  await expect(strip.getByRole("listitem").nth(1)).toContainText("Jan 5, 2024");
  await expectAccessible(ada, "Public profile, timeline detail");
  await shot(ada, "public-timeline-detail");

  await profileNav.getByRole("button", { name: "Memories" }).click();
  await expect(ada.getByRole("button", { name: "Back to timelines" })).toHaveCount(0);
  await ada.getByRole("button", { name: /First swim of the year/ }).click();
  const blueViewer = ada.getByRole("dialog", { name: "First swim of the year" });
  await expect(blueViewer.locator("xpath=ancestor-or-self::*[@data-theme][1]")).toHaveAttribute("data-theme", "blue");
  await blueViewer.getByRole("button", { name: "Close" }).click();
  await expectAccessible(ada, "Public profile, memories");
  await shot(ada, "public-memories");

  // A new query is a new page: back on the Profile tab.
  await ada.goto(`/app/public-profile?email=${encodeURIComponent(adaEmail)}`);
  await expect(ada.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await expect(profileNav.getByRole("button", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  await ada.goto("/app/public-profile?username=nobody0000");
  await expect(ada).toHaveURL(/\/app\/timelines$/);

  expect(adaErrors).toEqual([]);
  expect(boErrors).toEqual([]);
});
