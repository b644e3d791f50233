import type { MockLink } from "@apollo/client/testing";
import {
  MyProfileDocument,
  UpdateProfileDocument,
  UsernameAvailableDocument,
  type ProfileHeader_UserFragment,
  type UpdateProfileInput,
} from "../../../gql/graphql";
import { aUser } from "../../users/testing/public-profile-mocks";

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
