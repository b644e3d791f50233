import type { MockLink } from "@apollo/client/testing";
import type { DocumentNode } from "graphql";

/**
 * A mocked operation that matches any variables, records them in `seen` (what the screen sent)
 * and answers `answer.data`, or fails with `answer` when it is an Error.
 */
export function recordingMock<TVariables>(
  query: DocumentNode,
  seen: TVariables[],
  answer: { data: unknown } | Error,
  { delay }: { delay?: number } = {},
): MockLink.MockedResponse {
  return {
    request: {
      query,
      variables: (variables: TVariables) => {
        seen.push(variables);
        return true;
      },
    },
    ...(delay === undefined ? {} : { delay }),
    ...(answer instanceof Error ? { error: answer } : { result: { data: answer.data } }),
  } as MockLink.MockedResponse;
}
