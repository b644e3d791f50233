import type { ApolloCache } from "@apollo/client";
import { useApolloClient } from "@apollo/client/react";
import { useCallback } from "react";
import { useRespondToMemoryPrivacyChangeMutation, type Privacy, type PrivacyRequestState } from "../../../gql/graphql";
import { closeOpenRequestsInCache, settlePrivacyAnswer } from "./use-answer-privacy-request";

/** The open request notice of a memory closes in the cache as the server closes it (no refetch). */
export function closeMemoryPrivacyRequestInCache(
  cache: ApolloCache,
  memoryId: string,
  state: PrivacyRequestState,
): void {
  closeOpenRequestsInCache(cache, (field) => field<string>("relatedMemoryId") === memoryId, state);
}

/**
 * The other participant accepts or declines a wider tier for one memory
 * (docs/decisions/052-memory-privacy.md), as for a timeline's (./use-answer-privacy-request.ts):
 * the answer names the tier shown; a changed request is refused with the server's words and the
 * screens fetch what is asked now. Resolves with a message to show, or null on success.
 */
export function useAnswerMemoryPrivacyRequest() {
  const client = useApolloClient();
  const [respond, { loading }] = useRespondToMemoryPrivacyChangeMutation();
  const answer = useCallback(
    async (memoryId: string, accept: boolean, privacy: Privacy): Promise<string | null> => {
      return settlePrivacyAnswer(client, () =>
        respond({
          variables: { input: { id: memoryId, accept, privacy } },
          update: (cache) => closeMemoryPrivacyRequestInCache(cache, memoryId, accept ? "ACCEPTED" : "DECLINED"),
        }),
      );
    },
    [client, respond],
  );
  return [answer, loading] as const;
}
