import { expect, test, type APIRequestContext, type Page } from "./helpers/test";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { expectAccessible, graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * "Who can see this" (docs/decisions/025-audience-preview.md), on a 390×844
 * phone: Ada shares a timeline with Bo, and Bo one with Cy. Under each tier, Create Timeline and
 * Timeline Settings say who it lets in right now, as the radio's description.
 */
const shot = (page: Page, name: string) => saveShot(page, `audience-${name}`);

/** A GraphQL operation as one person: from their page, or over HTTP for someone without one. */
type AsPerson = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;
const inPage =
  (page: Page): AsPerson =>
  (query, variables) =>
    graphql(page, query, variables);
const overHttp =
  (api: APIRequestContext): AsPerson =>
  (query, variables) =>
    apiGraphql(api, query, variables);

async function named(as: AsPerson, displayName: string): Promise<{ id: string; username: string }> {
  await as("mutation ($n: String) { updateProfile(input: { displayName: $n }) { user { id } } }", { n: displayName });
  const { me } = await as<{ me: { id: string; username: string } }>("query { me { id username } }");
  return me;
}

async function share(creator: AsPerson, invitee: AsPerson, collaboratorId: string, title: string): Promise<string> {
  const { createTimeline } = await creator<{ createTimeline: { timeline: { id: string } } }>(
    `
      mutation ($c: ID!, $t: String!) {
        createTimeline(input: { title: $t, collaboratorId: $c, privacy: PRIVATE }) {
          timeline {
            id
          }
        }
      }
    `,
    { c: collaboratorId, t: title },
  );
  await invitee("mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: createTimeline.timeline.id,
  });
  return createTimeline.timeline.id;
}

test("each tier says who it lets in, on Create Timeline and in the settings", async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  // Only Ada uses the app: Bo and Cy sign in and answer over HTTP alone, without a page
  const [ada, boApi, cyApi] = await Promise.all([
    signIn(browser, baseURL, `ada-aud-${stamp}@example.com`),
    apiSignIn(baseURL, `bo-aud-${stamp}@example.com`),
    apiSignIn(baseURL, `cy-aud-${stamp}@example.com`),
  ]);
  const errors = trackPageErrors(ada);
  const [bo, cy] = [overHttp(boApi), overHttp(cyApi)];
  await named(inPage(ada), "Ada");
  const boMe = await named(bo, "Bo");
  const cyMe = await named(cy, "Cy");
  const adaAndBo = await share(inPage(ada), bo, boMe.id, "Ada and Bo");
  await share(bo, cy, cyMe.id, "Bo and Cy");
  await Promise.all([boApi.dispose(), cyApi.dispose()]);

  // Create Timeline, before anyone is chosen: Ada's side (Bo 1 away, Cy 2 away).
  await ada.goto("/app/create-timeline");
  await expect(ada.getByRole("heading", { level: 1, name: "Create Timeline" })).toBeVisible();
  const radio = (name: RegExp) => ada.getByRole("radio", { name });
  await expect(radio(/Semi-private/)).toHaveAccessibleDescription("2 people, including Bo");
  await expect(radio(/Public/)).toHaveAccessibleDescription("2 people, including Bo");
  await expect(radio(/^Private/)).toHaveAccessibleDescription(/^Only you two /);
  // Private says it once: the audience line, not also the hint "Only the two of you"
  await expect(ada.getByRole("radio", { name: "Private", exact: true })).toBeVisible();
  await expect(ada.getByText("Only the two of you")).toHaveCount(0);

  // With Cy chosen (found by search, no partner of Ada's): the answer is Ada's side alone, the
  // same as with nobody chosen, so it tells nothing of Cy's web or of where Cy stands
  // (docs/decisions/032-who-may-learn-whom.md).
  await ada.getByRole("textbox", { name: /Title/ }).fill("Ada and Cy");
  await ada.getByRole("combobox", { name: /Collaborator/ }).fill(cyMe.username);
  await ada.getByRole("option", { name: new RegExp(`@${cyMe.username}`) }).click();
  await expect(radio(/Semi-private/)).toHaveAccessibleDescription("2 people, including Bo");
  await expect(radio(/Public/)).toHaveAccessibleDescription("2 people, including Bo");
  await expect(ada.getByText("2 people, including Bo").first()).toBeVisible();
  await shot(ada, "01-create");
  await expectAccessible(ada, "Create Timeline with audiences");

  // Settings of Ada and Bo: Cy is let in by the wider tiers, and Ada does not know Cy.
  await ada.goto(`/app/timeline-settings?id=${adaAndBo}`);
  await expect(ada.getByRole("heading", { level: 1, name: "Timeline Settings" })).toBeVisible();
  await expect(radio(/Semi-private/)).toHaveAccessibleDescription("1 person");
  await expect(radio(/Public/)).toHaveAccessibleDescription("1 person");
  await shot(ada, "02-settings");
  await expectAccessible(ada, "Timeline Settings with audiences");
  expect(errors).toEqual([]);
});
