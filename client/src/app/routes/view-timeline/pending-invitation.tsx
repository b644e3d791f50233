import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormAlert } from "../../../components/ui/form-alert";
import { REJECT_CONFIRMATION } from "../../../features/notifications/api/use-notification-actions";
import styles from "./pending-invitation.module.css";
import { useAnswerInvitation } from "./use-answer-invitation";
import { WaitingActions } from "../../../features/timelines/components/waiting-actions";

interface PendingInvitationProps {
  timelineId: string;
  /** The person who proposed the timeline. */
  from: string;
}

/**
 * What the invitee of a pending timeline sees on its page (docs/product.md §4, §6): Accept, and
 * Reject after the spec's confirmation (docs/product.md §8). A declined timeline leaves their
 * list, so the page then goes to the list.
 */
export function PendingInvitation({ timelineId, from }: PendingInvitationProps) {
  const navigate = useNavigate();
  const { answer, error, busy } = useAnswerInvitation(timelineId);
  const [confirming, setConfirming] = useState(false);

  return (
    <section className={styles.panel} aria-labelledby={`${timelineId}-invite`}>
      <h2 id={`${timelineId}-invite`} className={styles.title}>
        {`${from} invited you to share this timeline`}
      </h2>
      <p className={styles.text}>Accept to see and add memories together.</p>
      <FormAlert message={confirming ? null : error} />
      <div className={styles.actions}>
        <Button onClick={() => void answer("accept")} disabled={busy}>
          Accept
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
          Reject
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Reject this timeline?"
          message={REJECT_CONFIRMATION}
          confirmLabel="Reject"
          busyLabel="Rejecting..."
          danger
          busy={busy}
          error={error}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            void answer("decline").then((ok) => {
              if (ok) void navigate("/app/timelines", { replace: true });
            });
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * What the creator of a pending timeline sees instead of the invitation to add memories, with
 * "Remind {name}" and "Copy invite link" (docs/decisions/055-reminders-invite-links-and-new-marks.md).
 */
export function WaitingForAnswer({ name, timelineId }: { name: string; timelineId?: string }) {
  return (
    <section className={styles.panel} aria-live="polite">
      <h2 className={styles.title}>{`Waiting for ${name} to accept`}</h2>
      <p className={styles.text}>You can add memories while you wait.</p>
      {timelineId ? <WaitingActions timelineId={timelineId} name={name} /> : null}
    </section>
  );
}
