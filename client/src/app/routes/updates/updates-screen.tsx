import { useEffect, useRef, useState } from "react";
import { UnreadBadge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { UpdatesIcon } from "../../../components/ui/icons";
import { LoadProblem } from "../../../components/ui/load-problem";
import { CenteredSpinner } from "../../../components/ui/spinner";
import { markableCount } from "../../../features/notifications/api/notification-cache";
import { useMarkAllNotificationsRead } from "../../../features/notifications/api/use-notification-actions";
import { useCachedUnreadCount } from "../../../features/notifications/api/use-unread-count";
import { NotificationItem } from "../../../features/notifications/components/notification-item";
import { LoadMore } from "../../../components/ui/load-more";
import { useNotificationPages } from "../../../features/notifications/api/use-notification-pages";
import { useDocumentTitle } from "../../../lib/use-document-title";
import styles from "./updates-screen.module.css";
import { PrivacyRequestReach } from "./privacy-request-reach";

export const MARK_ALL_FAILED_MESSAGE = "Couldn't mark your updates as read. Please try again.";

/** Updates (docs/product.md §2): the signed-in user's notifications, newest first, 50 at a time. */
export function UpdatesScreen() {
  useDocumentTitle("Updates");
  const pages = useNotificationPages();
  const { data, error, refetch } = pages;
  const notifications = pages.items;
  const unreadInList = notifications.filter((notification) => !notification.isRead).length;
  const unread = useCachedUnreadCount(unreadInList);
  // When the count (refreshed every 30 s) shows more unread than the list, new ones arrived.
  const seenUnread = useRef(unread);
  useEffect(() => {
    if (data && unread > seenUnread.current && unread > unreadInList) refetch().catch(() => undefined);
    seenUnread.current = unread;
  }, [unread, unreadInList, data, refetch]);
  // "Mark all as read (n)" counts only what it can mark: proposals waiting for an answer stay unread.
  const markable = markableCount(unread, notifications);
  const [markAll, markingAll] = useMarkAllNotificationsRead();
  const [markAllFailed, setMarkAllFailed] = useState(false);

  let content;
  if (!data && error) {
    content = <LoadProblem message="We couldn't load your updates." onRetry={() => refetch()} />;
  } else if (!data) {
    content = <CenteredSpinner label="Loading updates..." height="content" />;
  } else if (notifications.length === 0) {
    content = (
      <EmptyState
        icon={<UpdatesIcon size={28} />}
        title="All caught up!"
        message="You'll see notifications here when there's timeline activity"
      />
    );
  } else {
    content = (
      <ul className={styles.list} aria-label="Notifications">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            requestReach={(timelineId, privacy) => <PrivacyRequestReach timelineId={timelineId} privacy={privacy} />}
          />
        ))}
      </ul>
    );
    // past the first 50, more on request (docs/decisions/024-paged-reads.md)
    content = (
      <>
        {content}
        <LoadMore pages={pages} mode="button" />
      </>
    );
  }

  return (
    <>
      <header className="screen-header">
        <div className={styles.titleRow}>
          <h1 className="screen-title">Updates</h1>
          <UnreadBadge count={unread} className={styles.badge} />
        </div>
        <p className="screen-subtitle">Stay connected with your timeline activity</p>
        {markable > 0 ? (
          <Button
            variant="secondary"
            className={styles.markAll}
            busy={markingAll}
            busyLabel="Marking as read..."
            needsNetwork
            onClick={() => {
              setMarkAllFailed(false);
              void markAll().then((ok) => setMarkAllFailed(!ok));
            }}
          >
            {`Mark all as read (${markable})`}
          </Button>
        ) : null}
      </header>
      {markAllFailed ? (
        <p role="alert" className={styles.failure}>
          {MARK_ALL_FAILED_MESSAGE}
        </p>
      ) : null}
      {content}
    </>
  );
}
