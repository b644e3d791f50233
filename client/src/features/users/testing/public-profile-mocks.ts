import type { MockLink } from "@apollo/client/testing";
import { connectionOf } from "../../../testing/connection";
import {
  PublicProfileUserDocument,
  UserTimelinesDocument,
  type ProfileHeader_UserFragment,
  type PublicTimelineCard_TimelineFragment,
} from "../../../gql/graphql";

export function publicUserMock(
  identifier: string,
  user: ProfileHeader_UserFragment | null,
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: PublicProfileUserDocument, variables: { identifier } },
    result: { data: { user } },
    ...extra,
  };
}

export function userTimelinesMock(
  identifier: string,
  timelines: PublicTimelineCard_TimelineFragment[],
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: UserTimelinesDocument, variables: { identifier, first: 30 } },
    result: { data: { userTimelines: connectionOf("Timeline", timelines) } },
    ...extra,
  };
}
