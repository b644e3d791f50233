import { connectionOf } from "../../../testing/connection";
import type { MockLink } from "@apollo/client/testing";
import {
  MyHighlightsDocument,
  MyProfileDocument,
  ProfileMemoriesDocument,
  SetHighlightsDocument,
  UpdateProfileDocument,
  UserHighlightsDocument,
  UsernameAvailableDocument,
  type ProfileHeader_UserFragment,
  type ProfileMemoriesQuery,
  type UpdateProfileInput,
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

/** The signed-in user of the tests (matches testing/mock-session's signedInUser). */
export const me = (overrides: Partial<ProfileHeader_UserFragment> = {}) =>
  aUser({
    id: "u-1",
    username: "ada",
    displayName: "Ada Lovelace",
    email: "ada@example.com",
    bio: "Counting stars.",
    ...overrides,
  });

export function myProfileMock(
  user: ProfileHeader_UserFragment | null = me(),
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return { request: { query: MyProfileDocument }, result: { data: { me: user } }, ...extra };
}

export function usernameAvailableMock(username: string, available: boolean, delay = 0): MockLink.MockedResponse {
  return {
    request: { query: UsernameAvailableDocument, variables: { username } },
    result: { data: { usernameAvailable: available } },
    delay,
  };
}

export function updateProfileMock(
  matches: (input: UpdateProfileInput) => boolean,
  answer: { user?: ProfileHeader_UserFragment; errors?: { message: string; extensions?: { code: string } }[] },
): MockLink.MockedResponse {
  return {
    request: {
      query: UpdateProfileDocument,
      variables: (variables: Record<string, unknown>) => matches(variables.input as UpdateProfileInput),
    },
    result: answer.errors
      ? { errors: answer.errors }
      : { data: { updateProfile: { __typename: "UpdateProfilePayload", user: answer.user ?? me() } } },
  };
}

export type MockProfileMemory = ProfileMemoriesQuery["profileMemories"]["edges"][number]["node"];

let memorySequence = 0;

export function aProfileMemory(overrides: Partial<MockProfileMemory> = {}): MockProfileMemory {
  memorySequence += 1;
  const id = overrides.id ?? `m-${memorySequence}`;
  const media = {
    __typename: "Media" as const,
    id: `media-${id}`,
    type: "IMAGE" as const,
    status: "READY" as const,
    url: `/media/${id}/display`,
    thumbUrl: `/media/${id}/thumb`,
    posterUrl: null,
    width: 1600,
    height: 1200,
  };
  return {
    __typename: "Memory",
    id,
    timelineId: "t-1",
    caption: `Memory ${memorySequence}`,
    location: "Skagen",
    memoryDate: "2024-01-05",
    meaning: "The first swim of the year.",
    partnerMeaning: null,
    canEdit: false,
    canWritePartnerMeaning: false,
    canWriteMeaning: false,
    narrowerThanTimeline: false,
    editedBy: null,
    createdBy: { __typename: "User", id: "u-ida", displayName: "Ida", username: "ida" },
    partner: { __typename: "User", id: "u-bo", displayName: "Bo", username: "bo" },
    media,
    // its one photo, the cover (docs/decisions/051-several-photos-per-memory.md)
    items: [overrides.media ?? media],
    ...overrides,
  } as MockProfileMemory;
}

export function profileMemoriesMock(
  identifier: string | null,
  memories: MockProfileMemory[],
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: ProfileMemoriesDocument, variables: { identifier, first: 30 } },
    result: { data: { profileMemories: connectionOf("Memory", memories) } },
    ...extra,
  };
}

/** One's own highlights (`me { highlights }`), in order. */
export function myHighlightsMock(
  highlights: MockProfileMemory[],
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: MyHighlightsDocument },
    result: { data: { me: { __typename: "User", id: "u-1", highlights: highlights.map(withoutTimeline) } } },
    ...extra,
  };
}

/** Another person's highlights as the viewer may see them. */
export function userHighlightsMock(
  identifier: string,
  highlights: MockProfileMemory[],
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: UserHighlightsDocument, variables: { identifier } },
    result: { data: { user: { __typename: "User", id: "u-2", highlights: highlights.map(withoutTimeline) } } },
    ...extra,
  };
}

/** `setHighlights(memoryIds)`: answers one's highlights in the new order, or errors. */
export function setHighlightsMock(
  memoryIds: string[],
  answer: { highlights?: MockProfileMemory[]; errors?: { message: string; extensions?: { code: string } }[] },
): MockLink.MockedResponse {
  return {
    request: { query: SetHighlightsDocument, variables: { memoryIds } },
    result: answer.errors
      ? { errors: answer.errors }
      : {
          data: {
            setHighlights: {
              __typename: "SetHighlightsPayload",
              user: { __typename: "User", id: "u-1", highlights: (answer.highlights ?? []).map(withoutTimeline) },
            },
          },
        },
  };
}

function withoutTimeline(memory: MockProfileMemory) {
  const { timelineId: _timelineId, ...rest } = memory;
  return rest;
}
