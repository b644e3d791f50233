import { useEffect, useRef } from "react";
import { useUnreadNotificationCountQuery } from "../../../gql/graphql";
import { NOTIFICATIONS_UPDATED_EVENT } from "./notification-events";

/** Spec §9: the unread count refreshes every 30 s. */
export const UNREAD_COUNT_REFRESH_MS = 30_000;

/**
 * Number of unread notifications for the Updates tab badge (docs/product.md §4): loaded once, refreshed
 * every 30 s and whenever the browser event "notificationsUpdated" fires; a load failure shows 0.
 * Mark read, mark all, accept and reject also adjust the cached count directly
 * (./notification-cache.ts), so the badge changes without waiting for the refresh.
 */
export function useUnreadCount(): number {
  const { data, error, refetch } = useUnreadNotificationCountQuery({
    fetchPolicy: "cache-and-network",
    nextFetchPolicy: "cache-first",
  });
  const refetchRef = useRef(refetch);
  useEffect(() => {
    refetchRef.current = refetch;
  });

  useEffect(() => {
    const refresh = () => {
      // A failed refresh shows 0 through `error`; nothing else to do with it.
      refetchRef.current().catch(() => undefined);
    };
    const timer = window.setInterval(refresh, UNREAD_COUNT_REFRESH_MS);
    window.addEventListener(NOTIFICATIONS_UPDATED_EVENT, refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(NOTIFICATIONS_UPDATED_EVENT, refresh);
    };
  }, []);

  if (error) return 0;
  return data?.unreadNotificationCount ?? 0;
}

/**
 * The unread count for a second place that shows it (the Updates header), without a second
 * refresh timer: read again once when the screen opens, together with its list, so the header,
 * the badge and the list agree about answers given elsewhere (another device, the timeline's own
 * page); `fallback` until the count is known.
 */
export function useCachedUnreadCount(fallback: number): number {
  const { data, error } = useUnreadNotificationCountQuery({
    fetchPolicy: "cache-and-network",
    nextFetchPolicy: "cache-first",
  });
  if (error || data?.unreadNotificationCount === undefined) return fallback;
  return data.unreadNotificationCount;
}
