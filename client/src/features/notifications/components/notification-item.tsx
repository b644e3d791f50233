import { useFragment } from "@apollo/client/react";
import { useId, useRef, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { UpdatesIcon } from "../../../components/ui/icons";
import {
  ProposalOutcome_TimelineFragmentDoc,
  type NotificationItem_NotificationFragment,
  type Privacy,
  type TimelineStatus,
} from "../../../gql/graphql";
import { REJECT_CONFIRMATION, useAnswerProposal, useMarkNotificationRead } from "../api/use-notification-actions";
import { formatNotificationTime } from "../lib/format-notification-time";
import { PrivacyRequestAnswer, privacyRequestOutcome } from "./privacy-request-answer";
import styles from "./notification-item.module.css";

type Answer = "accept" | "reject";

/** An app path stays in the router; anything else is an ordinary link. */
function isAppPath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}

/** What a proposal's invitee sees once it is answered, instead of Accept / Reject. */
export const OUTCOME_LABELS: Partial<Record<TimelineStatus, string>> = {
  ACCEPTED: "You accepted",
  REJECTED: "You rejected",
};

/**
 * Where "View" goes. A proposal's own link points at Updates (where it is shown), so its View opens
 * the proposed timeline instead.
 */
export function viewUrl(notification: NotificationItem_NotificationFragment): string | null {
  if (notification.type === "TIMELINE_PROPOSAL" && notification.relatedTimelineId) {
    return `/app/view-timeline?id=${encodeURIComponent(notification.relatedTimelineId)}`;
  }
  return notification.actionUrl ?? null;
}

/**
 * What became of the proposal: the server's answer on the notice (`proposalStatus`, given to the
 * invitee only; docs/decisions/046-proposal-outcome-on-the-notice.md), or the cached timeline's status when an
 * answer in this app is newer (accepted on the timeline's own page). An answer is final, so an
 * answered status wins over a pending one.
 */
function useProposalStatus(notification: NotificationItem_NotificationFragment): TimelineStatus | null {
  const { data, complete } = useFragment({
    fragment: ProposalOutcome_TimelineFragmentDoc,
    from: { __typename: "Timeline", id: notification.relatedTimelineId ?? "" },
  });
  if (notification.type !== "TIMELINE_PROPOSAL" || !notification.relatedTimelineId) return null;
  const cached = complete ? data.status : null;
  const server = notification.proposalStatus ?? null;
  if (cached && cached !== "PENDING") return cached;
  return server ?? cached;
}

/**
 * One notification (docs/product.md §2): message, time, a View link that also marks it read, and Accept /
 * Reject on an unread timeline proposal (reject asks first; docs/product.md §5, §8). Offline, Accept
 * and Reject are disabled with the reason (they need the network); View stays a link
 * (docs/decisions/036-offline-truth-and-memory-urls.md).
 */
export function NotificationItem({
  notification,
  requestReach,
}: {
  notification: NotificationItem_NotificationFragment;
  /** On an open request to widen: who could see the timeline if they agree (composed by the screen). */
  requestReach?: (timelineId: string, privacy: Privacy) => ReactNode;
}) {
  const messageId = useId();
  const articleRef = useRef<HTMLElement>(null);
  const markRead = useMarkNotificationRead();
  const answerProposal = useAnswerProposal();
  const [busy, setBusy] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingReject, setConfirmingReject] = useState(false);

  const unread = !notification.isRead;
  const status = useProposalStatus(notification);
  const answered = status === "ACCEPTED" || status === "REJECTED";
  const canAnswer = unread && notification.type === "TIMELINE_PROPOSAL" && !answered;
  // A request to widen the tier answers like a proposal (docs/decisions/026-two-keys-privacy.md).
  const openPrivacyRequest = notification.privacyRequestState === "OPEN";
  const outcome = answered ? OUTCOME_LABELS[status] : privacyRequestOutcome(notification.privacyRequestState);
  const href = viewUrl(notification);
  const person = notification.relatedUser;

  async function answer(choice: Answer) {
    setBusy(choice);
    setFailure(null);
    const message = await answerProposal(notification, choice);
    setBusy(null);
    if (message) {
      setFailure(message);
    } else {
      // The buttons are gone; keep focus on this notification rather than losing it.
      articleRef.current?.focus();
    }
  }

  // A proposal waiting for an answer stays unread (docs/product.md §4), so View does not try to mark it.
  const markReadOnView = canAnswer || openPrivacyRequest ? undefined : () => void markRead(notification);

  const view = href ? (
    isAppPath(href) ? (
      <Link to={href} className={styles.view} aria-describedby={messageId} onClick={markReadOnView}>
        View
      </Link>
    ) : (
      <a href={href} className={styles.view} aria-describedby={messageId} onClick={markReadOnView}>
        View
      </a>
    )
  ) : null;

  return (
    <li>
      <article
        ref={articleRef}
        tabIndex={-1}
        className={unread ? `${styles.item} ${styles.unread}` : styles.item}
        aria-labelledby={messageId}
        data-testid="notification"
      >
        <div className={styles.icon}>
          {person ? (
            <Avatar
              seed={person.id}
              name={person.displayName || person.username}
              src={person.profilePhotoUrl}
              size={40}
              decorative
            />
          ) : (
            <span className={styles.genericIcon} aria-hidden="true">
              <UpdatesIcon size={20} />
            </span>
          )}
        </div>
        <div className={styles.body}>
          <p id={messageId} className={styles.message}>
            {unread ? <span className="visually-hidden">Unread: </span> : null}
            {notification.message}
          </p>
          <div className={styles.metaRow}>
            <time className={styles.meta} dateTime={notification.createdAt || undefined}>
              {formatNotificationTime(notification.createdAt)}
            </time>
            {view}
          </div>
          {failure ? (
            <p role="alert" className={styles.failure}>
              {failure}
            </p>
          ) : null}
          {outcome ? (
            <p className={styles.outcome} data-testid="proposal-outcome">
              {outcome}
            </p>
          ) : null}
          {openPrivacyRequest && notification.relatedTimelineId && notification.privacy ? (
            <PrivacyRequestAnswer
              timelineId={notification.relatedTimelineId}
              memoryId={notification.relatedMemoryId}
              privacy={notification.privacy}
              describedBy={messageId}
              onAnswered={() => articleRef.current?.focus()}
              reach={requestReach?.(notification.relatedTimelineId, notification.privacy)}
            />
          ) : null}
          {canAnswer ? (
            <div className={styles.actions}>
              <Button
                className={styles.answer}
                onClick={() => void answer("accept")}
                busy={busy === "accept"}
                busyLabel="Accepting..."
                disabled={busy !== null}
                needsNetwork
                aria-describedby={messageId}
              >
                Accept
              </Button>
              <Button
                className={styles.answer}
                variant="secondary"
                onClick={() => setConfirmingReject(true)}
                busy={busy === "reject"}
                busyLabel="Rejecting..."
                disabled={busy !== null}
                needsNetwork
                aria-describedby={messageId}
              >
                Reject
              </Button>
            </div>
          ) : null}
        </div>
        {unread ? <span className={styles.dot} aria-hidden="true" /> : null}
      </article>
      {confirmingReject ? (
        <ConfirmDialog
          title="Reject timeline proposal?"
          message={REJECT_CONFIRMATION}
          confirmLabel="Reject"
          danger
          onCancel={() => setConfirmingReject(false)}
          onConfirm={() => {
            setConfirmingReject(false);
            void answer("reject");
          }}
        />
      ) : null}
    </li>
  );
}
