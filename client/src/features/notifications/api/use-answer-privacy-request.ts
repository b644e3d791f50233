import { CombinedGraphQLErrors, type ApolloCache, type ApolloClient } from "@apollo/client";
import { useApolloClient } from "@apollo/client/react";
import { useCallback } from "react";
import { useRespondToPrivacyChangeMutation, type Privacy, type PrivacyRequestState } from "../../../gql/graphql";
import { adjustUnreadCount, cachedNotificationRefs, type NodeField } from "./notification-cache";
import { broadcastNotificationsUpdated } from "./notification-events";

export const PRIVACY_ANSWER_FAILED = "Your answer could not be saved. Please try again.";

/**
 * Closes in the cache the open request notices `matches` picks, with their outcome, as the server
 * closes them in the same transaction (read); the cache does so instead of refetching Updates
 * (docs/decisions/005). Shared by a timeline's and a memory's request.
 */
export function closeOpenRequestsInCache(
  cache: ApolloCache,
  matches: (field: NodeField) => boolean,
  state: PrivacyRequestState,
): void {
  const open = cachedNotificationRefs(
    cache,
    (field) =>
      field<string>("type") === "PRIVACY_REQUEST" && field<string>("privacyRequestState") === "OPEN" && matches(field),
  );
  for (const id of open) {
    cache.modify({ id, fields: { privacyRequestState: () => state, isRead: () => true } });
  }
  if (open.length) adjustUnreadCount(cache, -open.length);
}

/** The open request notice of the timeline itself (not one of its memories') closes in the cache. */
export function closePrivacyRequestInCache(cache: ApolloCache, timelineId: string, state: PrivacyRequestState): void {
  closeOpenRequestsInCache(
    cache,
    (field) => field<string>("relatedTimelineId") === timelineId && !field<string | null>("relatedMemoryId"),
    state,
  );
}

/** The server's words when the request changed between the screen and the answer (409 / CONFLICT). */
export function changedRequestMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  return error.errors.find((e) => e.extensions?.code === "CONFLICT")?.message ?? null;
}

/**
 * Sends an answer to a request to widen: null when saved (Updates is told); a changed request
 * gives the server's words and the screens fetch what is asked now; any other failure, the
 * generic message. Shared by a timeline's and a memory's answer.
 */
export async function settlePrivacyAnswer(client: ApolloClient, send: () => Promise<unknown>): Promise<string | null> {
  try {
    await send();
  } catch (error) {
    const changed = changedRequestMessage(error);
    if (!changed) return PRIVACY_ANSWER_FAILED;
    await client.refetchQueries({ include: "active" }).catch(() => undefined);
    return changed;
  }
  broadcastNotificationsUpdated();
  return null;
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
      return settlePrivacyAnswer(client, () =>
        respond({
          variables: { id: timelineId, accept, privacy },
          update: (cache) => closePrivacyRequestInCache(cache, timelineId, accept ? "ACCEPTED" : "DECLINED"),
        }),
      );
    },
    [client, respond],
  );
  return [answer, loading] as const;
}
