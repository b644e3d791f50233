import { useCallback } from "react";
import {
  useAcceptTimelineProposalMutation,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useRejectTimelineProposalMutation,
  type MarkNotificationReadMutation,
  type NotificationItem_NotificationFragment,
} from "../../../gql/graphql";
import {
  adjustUnreadCount,
  markAllReadInCache,
  markReadInCache,
  removeTimelineFromLists,
  setProposalStatusInCache,
  waitsForAnswer,
} from "./notification-cache";
import { broadcastNotificationsUpdated } from "./notification-events";

type NotificationRef = Pick<NotificationItem_NotificationFragment, "id" | "isRead" | "type" | "relatedTimelineId"> &
  Partial<Pick<NotificationItem_NotificationFragment, "privacyRequestState" | "proposalStatus">>;

/** Spec §8 alerts. */
export const ACCEPT_FAILED_MESSAGE = "Failed to accept timeline proposal. Please try again.";
export const REJECT_FAILED_MESSAGE = "Failed to reject timeline proposal. Please try again.";
export const REJECT_CONFIRMATION =
  "Are you sure you want to reject this timeline proposal? This action cannot be undone.";

/**
 * Marks one notification read, updates the cached count and broadcasts "notificationsUpdated".
 * A proposal still waiting for an answer stays unread (the server keeps it; docs/product.md §4), so it is
 * not marked optimistically. Failures are ignored: the notification simply stays unread.
 */
export function useMarkNotificationRead() {
  const [mutate] = useMarkNotificationReadMutation();
  return useCallback(
    async (notification: NotificationRef): Promise<void> => {
      if (notification.isRead) return;
      try {
        await mutate({
          variables: { id: notification.id },
          ...(waitsForAnswer(notification)
            ? {}
            : {
                // The generated types leave out __typename; the cache needs it to find the entity.
                optimisticResponse: {
                  markNotificationRead: {
                    __typename: "MarkNotificationReadPayload",
                    notification: { __typename: "Notification", id: notification.id, isRead: true },
                  },
                } as MarkNotificationReadMutation,
              }),
          update(cache, { data }) {
            if (data?.markNotificationRead.notification.isRead) adjustUnreadCount(cache, -1);
          },
        });
      } catch {
        return;
      }
      broadcastNotificationsUpdated();
    },
    [mutate],
  );
}

/** "Mark all as read": cache update, then the broadcast. Resolves false on failure. */
export function useMarkAllNotificationsRead() {
  const [mutate, { loading }] = useMarkAllNotificationsReadMutation();
  const markAll = useCallback(async (): Promise<boolean> => {
    try {
      await mutate({
        update(cache, { data }) {
          if (data) markAllReadInCache(cache, data.markAllNotificationsRead.count);
        },
      });
    } catch {
      return false;
    }
    broadcastNotificationsUpdated();
    return true;
  }, [mutate]);
  return [markAll, loading] as const;
}

/**
 * Accept or reject a timeline proposal (docs/product.md §4). The server marks the proposal read in
 * the same transaction, so the cache is updated with the answer (no second round trip): the
 * notification turns read, the unread count drops and "notificationsUpdated" is broadcast, and the
 * timeline's new status (cached from the mutation's answer) tells the item which outcome to show.
 * Resolves with the spec's failure message, or null on success.
 */
export function useAnswerProposal() {
  const [accept] = useAcceptTimelineProposalMutation();
  const [reject] = useRejectTimelineProposalMutation();

  return useCallback(
    async (notification: NotificationRef, answer: "accept" | "reject"): Promise<string | null> => {
      const failure = answer === "accept" ? ACCEPT_FAILED_MESSAGE : REJECT_FAILED_MESSAGE;
      const timelineId = notification.relatedTimelineId;
      if (!timelineId) return failure;
      const markAnswered = (cache: Parameters<typeof markReadInCache>[0]) => {
        if (!notification.isRead) markReadInCache(cache, notification.id);
        setProposalStatusInCache(cache, notification.id, answer === "accept" ? "ACCEPTED" : "REJECTED");
      };
      try {
        if (answer === "accept") {
          await accept({ variables: { id: timelineId }, update: markAnswered });
        } else {
          await reject({
            variables: { id: timelineId },
            update: (cache) => {
              markAnswered(cache);
              removeTimelineFromLists(cache, timelineId);
            },
          });
        }
      } catch {
        return failure;
      }
      broadcastNotificationsUpdated();
      return null;
    },
    [accept, reject],
  );
}
