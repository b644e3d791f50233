/**
 * Number of unread notifications for the Updates tab badge.
 *
 * Stub: always 0. To be implemented (spec §4): refresh every 30 s and whenever the browser
 * event "notificationsUpdated" fires; a load failure shows 0.
 */
export function useUnreadCount(): number {
  return 0;
}
