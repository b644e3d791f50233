import type { MockLink } from "@apollo/client/testing";
import {
  TimelinesDocument,
  type PrivacyRequest_TimelineFragment,
  type TimelineCard_TimelineFragment,
  type TimelinePerson_UserFragment,
} from "../../../gql/graphql";
import { connectionOf } from "../../../testing/connection";

/** The signed-in user of the tests (matches testing/mock-session's signedInUser). */
export function aPerson(overrides: Partial<TimelinePerson_UserFragment> = {}) {
  return {
    __typename: "User" as const,
    id: "u-2",
    username: "bo",
    displayName: "Bo Jensen",
    fullName: null,
    email: "bo@example.com",
    profilePhotoUrl: null,
    ...overrides,
  };
}

export const me = aPerson({ id: "u-1", username: "ada", displayName: "Ada Lovelace", email: "ada@example.com" });

export function aTimeline(
  overrides: Partial<TimelineCard_TimelineFragment> & Partial<PrivacyRequest_TimelineFragment> = {},
) {
  return {
    __typename: "Timeline" as const,
    id: "t-1",
    title: "Summer in Lisbon",
    status: "ACCEPTED" as const,
    privacy: "PRIVATE" as const,
    lastActivity: "2024-01-05T12:00:00.000Z",
    previewImages: [] as string[],
    collaboratorEmail: "bo@example.com",
    formerMember: false,
    newMemoryCount: 0,
    pendingPrivacy: null as PrivacyRequest_TimelineFragment["pendingPrivacy"],
    privacyRequestedAt: null as string | null,
    privacyRequestedBy: null as PrivacyRequest_TimelineFragment["privacyRequestedBy"],
    createdBy: me,
    collaborator: aPerson(),
    ...overrides,
  };
}

/** The fields of a timeline without a request to widen its tier (PrivacyRequest_timeline). */
export const noPrivacyRequest = {
  formerMember: false,
  pendingPrivacy: null,
  privacyRequestedAt: null,
  privacyRequestedBy: null,
} as const;

/** The Timelines list's first page (30), or its failure. */
export function timelinesMock(timelines: unknown[] | Error): MockLink.MockedResponse {
  const request = { query: TimelinesDocument, variables: { first: 30 } };
  return timelines instanceof Error
    ? { request, error: timelines }
    : { request, result: { data: { timelines: connectionOf("Timeline", timelines) } } };
}
