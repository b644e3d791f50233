import type { ApolloCache } from "@apollo/client";
import { useCallback, useState } from "react";
import {
  ACCEPT_FAILED_MESSAGE,
  REJECT_FAILED_MESSAGE,
} from "../../../features/notifications/api/use-notification-actions";
import { broadcastNotificationsUpdated } from "../../../features/notifications/api/notification-events";
import { useAcceptTimelineProposalMutation, useRejectTimelineProposalMutation } from "../../../gql/graphql";

/**
 * The server marks the proposal's notification read when it is answered
 * (docs/decisions/007-notifications.md): the cached list and count are dropped, so they load
 * fresh where they are shown.
 */
function forgetNotifications(cache: ApolloCache): void {
  cache.evict({ id: "ROOT_QUERY", fieldName: "notifications" });
  cache.evict({ id: "ROOT_QUERY", fieldName: "unreadNotificationCount" });
}

/**
 * Accept or decline a pending timeline from its own page (docs/product.md §4). The timeline's
 * status changes in the cache from the mutation's answer; a declined one leaves the own list.
 * Resolves true on success; on failure `error` holds the spec's message (docs/product.md §8).
 */
export function useAnswerInvitation(timelineId: string) {
  const [accept, acceptState] = useAcceptTimelineProposalMutation();
  const [reject, rejectState] = useRejectTimelineProposalMutation();
  const [error, setError] = useState<string | null>(null);

  const answer = useCallback(
    async (choice: "accept" | "decline"): Promise<boolean> => {
      setError(null);
      try {
        if (choice === "accept") {
          await accept({ variables: { id: timelineId }, update: forgetNotifications });
        } else {
          await reject({
            variables: { id: timelineId },
            update(cache) {
              forgetNotifications(cache);
              cache.evict({ id: "ROOT_QUERY", fieldName: "timelines" });
            },
          });
        }
      } catch {
        setError(choice === "accept" ? ACCEPT_FAILED_MESSAGE : REJECT_FAILED_MESSAGE);
        return false;
      }
      broadcastNotificationsUpdated();
      return true;
    },
    [accept, reject, timelineId],
  );

  return { answer, error, busy: acceptState.loading || rejectState.loading };
}
