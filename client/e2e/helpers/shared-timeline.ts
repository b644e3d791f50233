import type { Page } from "@playwright/test";
import { graphql } from "./journey";

export type Privacy = "PRIVATE" | "SEMI_PRIVATE" | "PUBLIC";

/** `creator` proposes a timeline to `collaboratorEmail` (GraphQL from the page); answers its id. */
export async function proposeTimeline(
  creator: Page,
  title: string,
  collaboratorEmail: string,
  privacy: Privacy,
): Promise<string> {
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    creator,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title, collaboratorEmail, privacy } },
  );
  return createTimeline.timeline.id;
}

/** The invitee accepts a proposal (GraphQL from the page): the two are now connected. */
export async function acceptTimeline(invitee: Page, id: string): Promise<void> {
  await graphql(invitee, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", { id });
}

/** A timeline `creator` proposed and `invitee` (signed in as `inviteeEmail`) accepted. */
export async function sharedTimeline(
  creator: Page,
  invitee: Page,
  inviteeEmail: string,
  title: string,
  privacy: Privacy,
): Promise<string> {
  const id = await proposeTimeline(creator, title, inviteeEmail, privacy);
  await acceptTimeline(invitee, id);
  return id;
}
