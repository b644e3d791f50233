import { useEffect, useRef, useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import { ButtonLink } from "../../../components/ui/button";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { useOpenInviteLinkMutation } from "../../../gql/graphql";
import { forgetPendingInvite } from "../../../lib/pending-invite";
import { serverMessageOf } from "../../../lib/server-message";
import styles from "./invite-screen.module.css";

export const INVITE_OPEN_FAILED = "The invitation could not be opened. Please try again.";

/**
 * `/app/invite?token=…`, an invite link opened after sign-in
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md): for the invited person it opens the
 * proposal, where they accept or reject; anyone else, and a used or expired link, reads why here
 * and nothing changes.
 */
export function InviteScreen() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [open] = useOpenInviteLinkMutation();
  const [outcome, setOutcome] = useState<{ timelineId: string } | { problem: string } | null>(null);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    forgetPendingInvite();
    if (asked.current === token) return;
    asked.current = token;
    if (!token) return setOutcome({ problem: "This invite link is not complete." });
    open({ variables: { token } })
      .then((answer) => setOutcome({ timelineId: answer.data!.openInviteLink.timeline.id }))
      .catch((error: unknown) => setOutcome({ problem: serverMessageOf(error, INVITE_OPEN_FAILED) }));
  }, [token, open]);

  if (!outcome) return <PageSpinner label="Opening the invitation…" />;
  if ("timelineId" in outcome)
    return <Navigate to={`/app/view-timeline?id=${encodeURIComponent(outcome.timelineId)}`} replace />;
  return (
    <div className="page-center">
      <div className={styles.problem}>
        <ScreenHeader title="This invite link can't be used" subtitle={outcome.problem} />
        <ButtonLink to="/app/timelines">Back to Timelines</ButtonLink>
      </div>
    </div>
  );
}
