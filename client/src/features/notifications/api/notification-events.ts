/** Spec §4: single mark-read and mark-all broadcast this browser event; the unread count listens. */
export const NOTIFICATIONS_UPDATED_EVENT = "notificationsUpdated";

export function broadcastNotificationsUpdated(): void {
  window.dispatchEvent(new Event(NOTIFICATIONS_UPDATED_EVENT));
}
