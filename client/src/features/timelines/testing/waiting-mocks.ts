import type { MockLink } from "@apollo/client/testing";
import {
  CreateInviteLinkDocument,
  MarkTimelineVisitedDocument,
  RemindCollaboratorDocument,
  WaitingProposalDocument,
} from "../../../gql/graphql";

/**
 * Answers for the waiting page and the visit a timeline's screen reports
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md). The visit and the waiting query
 * answer as often as asked (a screen re-rendered in a test asks again).
 */
export function visitMock(timelineId = "t-1"): MockLink.MockedResponse {
  return {
    request: { query: MarkTimelineVisitedDocument, variables: { timelineId } },
    result: {
      data: { markTimelineVisited: { timeline: { __typename: "Timeline", id: timelineId, newMemoryCount: 0 } } },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function waitingMock(timelineId = "t-1", remindableAt: string | null = null): MockLink.MockedResponse {
  return {
    request: { query: WaitingProposalDocument, variables: { id: timelineId } },
    result: { data: { timeline: { __typename: "Timeline", id: timelineId, remindableAt } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function remindMock(timelineId: string, answer: string | Error): MockLink.MockedResponse {
  const request = { query: RemindCollaboratorDocument, variables: { timelineId } };
  if (answer instanceof Error) return { request, error: answer };
  return {
    request,
    result: {
      data: {
        remindCollaborator: {
          __typename: "RemindCollaboratorPayload",
          remindableAt: answer,
          timeline: { __typename: "Timeline", id: timelineId, remindableAt: answer },
        },
      },
    },
  };
}

export function inviteLinkMock(timelineId: string, url: string, expiresAt: string): MockLink.MockedResponse {
  return {
    request: { query: CreateInviteLinkDocument, variables: { timelineId } },
    result: { data: { createInviteLink: { __typename: "InviteLink", url, expiresAt } } },
  };
}
