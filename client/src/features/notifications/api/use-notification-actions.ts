import { useCallback } from "react";
import {
  useAcceptTimelineProposalMutation,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useRejectTimelineProposalMutation,
  type MarkNotificationReadMutation,
  type NotificationItem_NotificationFragment,
} from "../../../gql/graphql";
import { adjustUnreadCount, markAllReadInCache, removeTimelineFromLists } from "./notification-cache";
import { broadcastNotificationsUpdated } from "./notification-events";

type NotificationRef = Pick<NotificationItem_NotificationFragment, "id" | "isRead" | "type" | "relatedTimelineId">;

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
          ...(notification.type === "TIMELINE_PROPOSAL"
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
 * Accept or reject a timeline proposal (docs/product.md §4): answer it, then mark the notification read.
 * Resolves with the spec's failure message, or null on success.
 */
export function useAnswerProposal() {
  const [accept] = useAcceptTimelineProposalMutation();
  const [reject] = useRejectTimelineProposalMutation();
  const markRead = useMarkNotificationRead();

  return useCallback(
    async (notification: NotificationRef, answer: "accept" | "reject"): Promise<string | null> => {
      const failure = answer === "accept" ? ACCEPT_FAILED_MESSAGE : REJECT_FAILED_MESSAGE;
      const timelineId = notification.relatedTimelineId;
      if (!timelineId) return failure;
      try {
        if (answer === "accept") {
          await accept({ variables: { id: timelineId } });
        } else {
          await reject({
            variables: { id: timelineId },
            update: (cache) => removeTimelineFromLists(cache, timelineId),
          });
        }
      } catch {
        return failure;
      }
      // Answered, so no longer pending: the server now marks it read.
      await markRead({ ...notification, type: "OTHER" });
      return null;
    },
    [accept, reject, markRead],
  );
}
