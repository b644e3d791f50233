import type { MockLink } from "@apollo/client/testing";
import { RelationshipsDocument, type RelationshipsQuery } from "../../../gql/graphql";

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
