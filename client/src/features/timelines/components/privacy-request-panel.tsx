import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { useUpdateTimelineMutation, type Privacy, type PrivacyRequest_TimelineFragment } from "../../../gql/graphql";
import { notifySaved } from "../../../lib/notify";
import { useTimelineAudience } from "../api/use-audience";
import { audienceIfAgreed, PRIVACY_TOASTS, tierWord } from "../lib/privacy-consent";
import styles from "./privacy-request-panel.module.css";

export const CANCEL_REQUEST_FAILED = "The request could not be cancelled. Please try again.";

interface PrivacyRequestPanelProps {
  timeline: PrivacyRequest_TimelineFragment;
  viewerId: string | null | undefined;
  /** The other participant, as the screen names them. */
  otherName: string;
  /**
   * Accept (true) or decline; resolves with a message to show, or null. The screen passes the
   * notifications feature's answer (features/notifications/api/use-answer-privacy-request.ts),
   * which also closes the request's notice in the cache.
   */
  answer: (timelineId: string, accept: boolean, privacy: Privacy) => Promise<string | null>;
  answering: boolean;
}

/**
 * A wider tier waiting for consent (docs/decisions/026-two-keys-privacy.md), on the timeline page
 * and in its settings: the one who asked sees who it waits for and may cancel it (which sets the
 * current tier again); the other person sees the request with Accept and Reject.
 */
export function PrivacyRequestPanel({ timeline, viewerId, otherName, answer, answering }: PrivacyRequestPanelProps) {
  const titleId = useId();
  const [updateTimeline, { loading: cancelling }] = useUpdateTimelineMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const wanted = timeline.pendingPrivacy;
  const mine = timeline.privacyRequestedBy?.id === viewerId;
  // the person asked sees the audience the asker saw, naming only people they know themselves
  const audience = useTimelineAudience(timeline.id, !!wanted && !mine);
  if (!wanted) return null;
  const reach = audience[wanted];
  const busy = answering || cancelling;

  async function cancel() {
    setFailure(null);
    try {
      await updateTimeline({ variables: { input: { id: timeline.id, privacy: timeline.privacy } } });
    } catch {
      setFailure(CANCEL_REQUEST_FAILED);
      return;
    }
    notifySaved(PRIVACY_TOASTS.cancelled);
  }

  async function respond(accept: boolean) {
    setFailure(null);
    // the answer names the tier this panel shows (docs/decisions/032-who-may-learn-whom.md)
    const message = await answer(timeline.id, accept, wanted!);
    if (message) return setFailure(message);
    notifySaved(accept ? PRIVACY_TOASTS.accepted(wanted!) : PRIVACY_TOASTS.declined(timeline.privacy));
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="privacy-request">
      {mine ? (
        <>
          <h2 id={titleId} className={styles.title}>
            {`Waiting for ${otherName} to agree to make this ${tierWord(wanted)}`}
          </h2>
          <p className={styles.text}>{`Until then it stays ${tierWord(timeline.privacy)}.`}</p>
          <FormAlert message={failure} />
          <Button variant="secondary" onClick={() => void cancel()} busy={cancelling} busyLabel="Cancelling...">
            Cancel request
          </Button>
        </>
      ) : (
        <>
          <h2 id={titleId} className={styles.title}>
            {`${otherName} would like to make this ${tierWord(wanted)}`}
          </h2>
          {reach ? <p className={styles.text}>{audienceIfAgreed(reach)}</p> : null}
          <p className={styles.text}>{`It stays ${tierWord(timeline.privacy)} unless you agree.`}</p>
          <FormAlert message={failure} />
          <div className={styles.actions}>
            <Button onClick={() => void respond(true)} disabled={busy} aria-describedby={titleId}>
              Accept
            </Button>
            <Button variant="secondary" onClick={() => void respond(false)} disabled={busy} aria-describedby={titleId}>
              Reject
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
