import { useState, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import type { Privacy, PrivacyRequestState } from "../../../gql/graphql";
import { useAnswerMemoryPrivacyRequest } from "../api/use-answer-memory-privacy-request";
import { useAnswerPrivacyRequest } from "../api/use-answer-privacy-request";
import styles from "./notification-item.module.css";

/** What a request to widen shows once it no longer waits (docs/decisions/026-two-keys-privacy.md). */
const PRIVACY_OUTCOMES: Partial<Record<PrivacyRequestState, string>> = {
  ACCEPTED: "You agreed",
  DECLINED: "You rejected",
  CANCELLED: "No longer asked",
};

export function privacyRequestOutcome(state: PrivacyRequestState | null | undefined): string | undefined {
  return state ? PRIVACY_OUTCOMES[state] : undefined;
}

interface PrivacyRequestAnswerProps {
  timelineId: string;
  /** A request about one memory of the timeline (docs/decisions/052-memory-privacy.md): answered on it. */
  memoryId?: string | null;
  /** The tier this notice asks about: the answer names it (docs/decisions/032-who-may-learn-whom.md). */
  privacy: Privacy;
  describedBy: string;
  onAnswered: () => void;
  /** Who could see the timeline if they agree, composed by the screen (app/routes/updates). */
  reach?: ReactNode;
}

/**
 * Accept and Reject on an open request to widen a timeline's tier (or one memory's), in Updates. The answer closes
 * the notice in the cache (its outcome replaces the buttons) and updates the timeline's tier.
 */
export function PrivacyRequestAnswer({
  timelineId,
  memoryId,
  privacy,
  describedBy,
  onAnswered,
  reach,
}: PrivacyRequestAnswerProps) {
  const [answerTimeline] = useAnswerPrivacyRequest();
  const [answerMemory] = useAnswerMemoryPrivacyRequest();
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function respond(accept: boolean) {
    setBusy(accept ? "accept" : "decline");
    setFailure(null);
    const message = memoryId
      ? await answerMemory(memoryId, accept, privacy)
      : await answerTimeline(timelineId, accept, privacy);
    setBusy(null);
    if (message) setFailure(message);
    else onAnswered();
  }

  return (
    <>
      {reach}
      {failure ? (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          className={styles.answer}
          onClick={() => void respond(true)}
          busy={busy === "accept"}
          busyLabel="Accepting..."
          disabled={busy !== null}
          needsNetwork
          aria-describedby={describedBy}
        >
          Accept
        </Button>
        <Button
          className={styles.answer}
          variant="secondary"
          onClick={() => void respond(false)}
          busy={busy === "decline"}
          busyLabel="Rejecting..."
          disabled={busy !== null}
          needsNetwork
          aria-describedby={describedBy}
        >
          Reject
        </Button>
      </div>
    </>
  );
}
