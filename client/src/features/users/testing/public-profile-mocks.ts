import type { MockLink } from "@apollo/client/testing";
import {
  ProfileMemoriesDocument,
  PublicProfileUserDocument,
  RelationshipsDocument,
  UserTimelinesDocument,
  type ProfileHeader_UserFragment,
  type ProfileMemoriesQuery,
  type PublicTimelineCard_TimelineFragment,
  type RelationshipsQuery,
} from "../../../gql/graphql";

export function aUser(overrides: Partial<ProfileHeader_UserFragment> = {}): ProfileHeader_UserFragment & {
  __typename: "User";
} {
  return {
    __typename: "User",
    id: "u-2",
    username: "bo",
    displayName: "Bo Jensen",
    fullName: null,
    bio: "Sea swimmer and slow walker.",
    email: null,
    profilePhotoUrl: null,
    ...overrides,
  };
}

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

export type MockRelationship = RelationshipsQuery["relationships"][number];

export function aRelationship(
  id: string,
  displayName: string,
  memoryCount: number,
  overrides: Partial<MockRelationship["otherUser"]> = {},
): MockRelationship {
  return {
    __typename: "Relationship",
    memoryCount,
    isActive: true,
    timelineTitle: `With ${displayName}`,
    otherUser: {
      __typename: "User",
      id,
      username: displayName.toLowerCase().replace(/[^a-z0-9]/g, ""),
      displayName,
      fullName: null,
      profilePhotoUrl: null,
      ...overrides,
    },
  } as MockRelationship;
}

export function relationshipsMock(
  identifier: string | null,
  relationships: MockRelationship[],
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: RelationshipsDocument, variables: { identifier } },
    result: { data: { relationships } },
    ...extra,
  };
}

export function userTimelinesMock(
  identifier: string,
  timelines: PublicTimelineCard_TimelineFragment[],
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: UserTimelinesDocument, variables: { identifier } },
    result: { data: { userTimelines: timelines } },
    ...extra,
  };
}

export type MockMemory = ProfileMemoriesQuery["profileMemories"][number];

let memorySequence = 0;

export function aMemory(overrides: Partial<MockMemory> = {}): MockMemory {
  memorySequence += 1;
  const id = overrides.id ?? `m-${memorySequence}`;
  return {
    __typename: "Memory",
    id,
    timelineId: "t-1",
    caption: `Memory ${memorySequence}`,
    location: "Skagen",
    memoryDate: "2024-01-05",
    meaning: "The first swim of the year.",
    canEdit: false,
    media: {
      __typename: "Media",
      id: `media-${id}`,
      type: "IMAGE",
      url: `/media/${id}/display`,
      thumbUrl: `/media/${id}/thumb`,
      posterUrl: null,
      width: 1600,
      height: 1200,
    },
    ...overrides,
  } as MockMemory;
}

export function profileMemoriesMock(
  identifier: string | null,
  memories: MockMemory[],
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: ProfileMemoriesDocument, variables: { identifier } },
    result: { data: { profileMemories: memories } },
    ...extra,
  };
}
