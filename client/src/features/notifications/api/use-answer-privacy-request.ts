import { CombinedGraphQLErrors, type ApolloCache } from "@apollo/client";
import { useApolloClient } from "@apollo/client/react";
import { useCallback } from "react";
import { useRespondToPrivacyChangeMutation, type Privacy, type PrivacyRequestState } from "../../../gql/graphql";
import { adjustUnreadCount, cachedNotificationRefs } from "./notification-cache";
import { broadcastNotificationsUpdated } from "./notification-events";

export const PRIVACY_ANSWER_FAILED = "Your answer could not be saved. Please try again.";

/**
 * The server closes the open request notice of the timeline in the same transaction (read, with
 * its outcome); the cache does the same instead of refetching Updates (docs/decisions/005).
 */
export function closePrivacyRequestInCache(cache: ApolloCache, timelineId: string, state: PrivacyRequestState): void {
  const open = cachedNotificationRefs(
    cache,
    (field) =>
      field<string>("type") === "PRIVACY_REQUEST" &&
      field<string>("relatedTimelineId") === timelineId &&
      !field<string | null>("relatedMemoryId") &&
      field<string>("privacyRequestState") === "OPEN",
  );
  for (const id of open) {
    cache.modify({ id, fields: { privacyRequestState: () => state, isRead: () => true } });
  }
  if (open.length) adjustUnreadCount(cache, -open.length);
}

/** The server's words when the request changed between the screen and the answer (409 / CONFLICT). */
export function changedRequestMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  return error.errors.find((e) => e.extensions?.code === "CONFLICT")?.message ?? null;
}

/**
 * The other participant accepts or declines a wider tier (docs/decisions/026-two-keys-privacy.md),
 * from Updates or from the timeline's own panel (the screens pass it to
 * features/timelines/components/privacy-request-panel.tsx). The answer names the tier the screen
 * showed (`privacy`): when the request changed meanwhile the server applies nothing and says so,
 * and the screens fetch what is asked now (docs/decisions/032-who-may-learn-whom.md). The answer's
 * timeline (tier, no request) is normalised into the cache by id. Resolves with a message to show,
 * or null on success.
 */
export function useAnswerPrivacyRequest() {
  const client = useApolloClient();
  const [respond, { loading }] = useRespondToPrivacyChangeMutation();
  const answer = useCallback(
    async (timelineId: string, accept: boolean, privacy: Privacy): Promise<string | null> => {
      try {
        await respond({
          variables: { id: timelineId, accept, privacy },
          update: (cache) => closePrivacyRequestInCache(cache, timelineId, accept ? "ACCEPTED" : "DECLINED"),
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
