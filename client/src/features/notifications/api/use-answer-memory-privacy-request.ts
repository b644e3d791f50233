import type { ApolloCache } from "@apollo/client";
import { useApolloClient } from "@apollo/client/react";
import { useCallback } from "react";
import { useRespondToMemoryPrivacyChangeMutation, type Privacy, type PrivacyRequestState } from "../../../gql/graphql";
import { adjustUnreadCount, cachedNotificationRefs } from "./notification-cache";
import { broadcastNotificationsUpdated } from "./notification-events";
import { changedRequestMessage, PRIVACY_ANSWER_FAILED } from "./use-answer-privacy-request";

/** The open request notice of a memory closes in the cache as the server closes it (no refetch). */
export function closeMemoryPrivacyRequestInCache(
  cache: ApolloCache,
  memoryId: string,
  state: PrivacyRequestState,
): void {
  const open = cachedNotificationRefs(
    cache,
    (field) =>
      field<string>("type") === "PRIVACY_REQUEST" &&
      field<string>("relatedMemoryId") === memoryId &&
      field<string>("privacyRequestState") === "OPEN",
  );
  for (const id of open) {
    cache.modify({ id, fields: { privacyRequestState: () => state, isRead: () => true } });
  }
  if (open.length) adjustUnreadCount(cache, -open.length);
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
      try {
        await respond({
          variables: { input: { id: memoryId, accept, privacy } },
          update: (cache) => closeMemoryPrivacyRequestInCache(cache, memoryId, accept ? "ACCEPTED" : "DECLINED"),
        });
      } catch (error) {
        const changed = changedRequestMessage(error);
        if (!changed) return PRIVACY_ANSWER_FAILED;
        await client.refetchQueries({ include: "active" }).catch(() => undefined);
        return changed;
      }
      broadcastNotificationsUpdated();
      return null;
    },
    [client, respond],
  );
  return [answer, loading] as const;
}
