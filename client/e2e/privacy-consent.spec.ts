import { expect, test, type Page } from "./helpers/test";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * Two keys to widen (docs/decisions/026-two-keys-privacy.md): two people in two
 * browser contexts on a 390×844 phone. Ada asks to make their shared timeline public: it stays
 * private until Bo accepts in Updates; then Ada narrows it (at once) and asks for semi-private,
 * which Bo declines on the timeline page, and it stays as it was. Last, a request changed while Bo
 * looks at it: his Accept names the tier he saw, is refused, and he is shown what is asked now.
 */

const shot = (page: Page, name: string) => saveShot(page, `privacy-consent-${name}`);

test("a wider tier waits for the other person: accept in Updates, decline on the timeline", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-keys-${stamp}@example.com`),
    signIn(browser, baseURL, `bo-keys-${stamp}@example.com`),
  ]);
  const errors = [...trackPageErrors(ada), ...trackPageErrors(bo)];
  const who = (page: Page) =>
    graphql<{ me: { id: string; username: string; displayName: string } }>(page, "{ me { id username displayName } }");
  const [adaMe, boMe] = [(await who(ada)).me, (await who(bo)).me];
  const adaName = adaMe.displayName || adaMe.username;
  const boName = boMe.displayName || boMe.username;

  // A private timeline Ada and Bo share (proposed and accepted through the API: not this journey's subject).
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    `
      mutation ($c: ID!) {
        createTimeline(input: { title: "Two keys", collaboratorId: $c, privacy: PRIVATE }) {
          timeline {
            id
          }
        }
      }
    `,
    { c: boMe.id },
  );
  const id = createTimeline.timeline.id;
  await graphql(
    bo,
    `
      mutation ($id: ID!) {
        acceptTimeline(input: { id: $id }) {
          timeline {
            id
          }
        }
      }
    `,
    { id },
  );
  const tier = (page: Page) => page.getByTestId("privacy-tier");

  // Ada asks for public in the settings, where the rule is explained.
  await ada.goto(`/app/timeline-settings?id=${id}`);
  await expect(ada.getByTestId("privacy-consent-rule")).toContainText(`needs ${boName} to agree`);
  await ada.getByRole("radio", { name: /Public/ }).check();
  await shot(ada, "01-settings-choose");
  await expectAccessible(ada, "Timeline Settings");
  await ada.getByRole("button", { name: `Ask ${boName}` }).click();
  await expect(ada.getByText(`Saved. ${boName} has been asked to agree to make this public`)).toBeVisible();

  // The timeline still shows the old tier, and whom it waits for.
  await expect(ada).toHaveURL(new RegExp(`/app/view-timeline\\?id=${id}`));
  await expect(tier(ada)).toContainText("Private");
  await expect(ada.getByTestId("privacy-request")).toContainText(`Waiting for ${boName} to agree to make this public`);
  await shot(ada, "02-timeline-waiting");
  await expectAccessible(ada, "View Timeline (waiting)");

  // Bo answers in Updates: Accept; the notice then shows the outcome.
  await bo.goto("/app/updates");
  const request = bo.getByTestId("notification").filter({ hasText: `${adaName} would like to make "Two keys" public` });
  await expect(request).toBeVisible();
  await shot(bo, "03-updates-request");
  await expectAccessible(bo, "Updates (a request to widen)");
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(request.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expect(request).toContainText("You agreed");
  await shot(bo, "04-updates-answered");
  await bo.goto(`/app/view-timeline?id=${id}`);
  await expect(tier(bo)).toContainText("Public");

  // Ada sees the new tier and learns the answer.
  await ada.reload();
  await expect(tier(ada)).toContainText("Public");
  await expect(ada.getByTestId("privacy-request")).toHaveCount(0);
  await ada.goto("/app/updates");
  await expect(ada.getByText(`${boName} agreed: "Two keys" is now public`)).toBeVisible();

  // Narrowing is immediate: Ada makes it private again.
  await ada.goto(`/app/timeline-settings?id=${id}`);
  await ada.getByRole("radio", { name: /^Private/ }).check();
  await ada.getByRole("button", { name: "Save Changes" }).click();
  await expect(ada.getByText("Settings saved")).toBeVisible();
  await expect(tier(ada)).toContainText("Private");

  // Ada asks for semi-private; Bo declines on the timeline page; it stays private.
  await ada.goto(`/app/timeline-settings?id=${id}`);
  await ada.getByRole("radio", { name: /Semi-private/ }).check();
  await ada.getByRole("button", { name: `Ask ${boName}` }).click();
  await expect(ada.getByTestId("privacy-request")).toContainText("semi-private");

  await bo.goto(`/app/view-timeline?id=${id}`);
  const panel = bo.getByTestId("privacy-request");
  await expect(panel).toContainText(`${adaName} would like to make this semi-private`);
  await expect(tier(bo)).toContainText("Private");
  await shot(bo, "05-timeline-request");
  await expectAccessible(bo, "View Timeline (a request to answer)");
  await panel.getByRole("button", { name: "Reject" }).click();
  await expect(bo.getByText("This timeline stays private")).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expect(tier(bo)).toContainText("Private");

  await ada.goto("/app/updates");
  await expect(ada.getByText(`${boName} would rather not make "Two keys" semi-private for now`)).toBeVisible();
  await shot(ada, "06-updates-declined");
  await ada.goto(`/app/view-timeline?id=${id}`);
  await expect(tier(ada)).toContainText("Private");
  await expect(ada.getByTestId("privacy-request")).toHaveCount(0);

  // Consent names what it consents to (docs/decisions/032-who-may-learn-whom.md): Bo's page shows a
  // request for semi-private; Ada changes it to public before Bo answers; Bo's Accept is refused
  // and says what is asked now, and nothing is applied until Bo accepts that.
  await ada.goto(`/app/timeline-settings?id=${id}`);
  await ada.getByRole("radio", { name: /Semi-private/ }).check();
  await ada.getByRole("button", { name: `Ask ${boName}` }).click();
  await expect(ada.getByTestId("privacy-request")).toContainText("semi-private");
  await bo.goto(`/app/view-timeline?id=${id}`);
  const stale = bo.getByTestId("privacy-request");
  await expect(stale).toContainText(`${adaName} would like to make this semi-private`);
  await graphql(
    ada,
    `
      mutation ($id: ID!) {
        updateTimeline(input: { id: $id, privacy: PUBLIC }) {
          timeline {
            id
          }
        }
      }
    `,
    { id },
  );
  await stale.getByRole("button", { name: "Accept" }).click();
  await expect(bo.getByText(/This request changed: it now asks to make the timeline public/)).toBeVisible();
  await expect(tier(bo)).toContainText("Private");
  await expect(bo.getByTestId("privacy-request")).toContainText(`${adaName} would like to make this public`);
  await shot(bo, "07-timeline-request-changed");
  await bo.getByTestId("privacy-request").getByRole("button", { name: "Accept" }).click();
  await expect(bo.getByText("This timeline is now public")).toBeVisible();
  await expect(tier(bo)).toContainText("Public");

  expect(errors).toEqual([]);
});
