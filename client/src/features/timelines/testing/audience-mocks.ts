import type { MockLink } from "@apollo/client/testing";
import { AudiencePreviewsDocument, TimelineAudiencesDocument } from "../../../gql/graphql";

interface Side {
  count: number;
  known: string[];
}

const audience = ({ count, known }: Side) => ({
  __typename: "TimelineAudience" as const,
  count,
  known: known.map((name, i) => ({
    __typename: "User" as const,
    id: `k-${name.toLowerCase()}-${i}`,
    displayName: name,
    fullName: null,
    username: name.toLowerCase(),
  })),
});

/**
 * `AudiencePreviews` for any collaborator, as often as it is asked; `answer` gets the variables, so a
 * test can tell which collaborator was asked about (docs/decisions/025-audience-preview.md).
 */
export function audiencePreviewMock(
  answer: (variables: Record<string, unknown>) => { semiPrivate: Side; public: Side },
  asked: Record<string, unknown>[] = [],
): MockLink.MockedResponse {
  return {
    request: { query: AudiencePreviewsDocument, variables: () => true },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: (variables: Record<string, unknown>) => {
      asked.push(variables);
      const a = answer(variables);
      return { data: { semiPrivate: audience(a.semiPrivate), public: audience(a.public) } };
    },
  } as MockLink.MockedResponse;
}

/** `TimelineAudiences` of one timeline, as often as it is asked. */
export function timelineAudienceMock(id: string, semiPrivate: Side, pub: Side): MockLink.MockedResponse {
  return {
    request: { query: TimelineAudiencesDocument, variables: { id } },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: { data: { semiPrivate: audience(semiPrivate), public: audience(pub) } },
  } as MockLink.MockedResponse;
}
