import { useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import {
  useCreateInviteLinkMutation,
  useRemindCollaboratorMutation,
  useWaitingProposalQuery,
} from "../../../gql/graphql";
import { notifySaved } from "../../../lib/notify";
import { serverMessageOf } from "../../../lib/server-message";
import { inviteLinkUntil, remindAgainText } from "../lib/remind-again";
import styles from "./waiting-actions.module.css";

export const REMIND_FAILED = "The reminder could not be sent. Please try again.";
export const LINK_FAILED = "The invite link could not be made. Please try again.";
export const LINK_COPIED = "Link copied";
export const COPY_BY_HAND = "Select the link above and copy it.";

/**
 * The waiting page's two ways to reach the invited person
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md): "Remind {name}" sends the
 * invitation mail again (once a day; the button says when it works again), and "Copy invite link"
 * makes a single-use link, copies it with the Clipboard API and says so, or selects it for copying
 * by hand where the clipboard is refused.
 */
export function WaitingActions({ timelineId, name }: { timelineId: string; name: string }) {
  const { data, refetch } = useWaitingProposalQuery({
    variables: { id: timelineId },
    fetchPolicy: "cache-and-network",
  });
  const [remind, reminding] = useRemindCollaboratorMutation();
  const [createLink, creating] = useCreateInviteLinkMutation();
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [copied, setCopied] = useState<"yes" | "by-hand" | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const again = remindAgainText(name, data?.timeline?.remindableAt);

  const onRemind = async () => {
    setError(null);
    try {
      await remind({ variables: { timelineId } });
      notifySaved(`Reminder sent to ${name}`);
    } catch (err) {
      setError(serverMessageOf(err, REMIND_FAILED));
      // a reminder sent meanwhile (another device): the button learns when it works again
      void refetch().catch(() => undefined);
    }
  };

  const selectLink = () => {
    field.current?.focus();
    field.current?.select();
  };

  const onCopy = async () => {
    setError(null);
    setCopied(null);
    let made: { url: string; expiresAt: string };
    try {
      const answer = await createLink({ variables: { timelineId } });
      made = answer.data!.createInviteLink;
    } catch (err) {
      return setError(serverMessageOf(err, LINK_FAILED));
    }
    setLink(made);
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(made.url);
      setCopied("yes");
    } catch {
      setCopied("by-hand");
      // once the field shows the new link
      requestAnimationFrame(selectLink);
    }
  };

  return (
    <>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void onRemind()}
          disabled={reminding.loading || !!again}
          aria-describedby={again ? `${timelineId}-remind-again` : undefined}
          needsNetwork
        >
          {`Remind ${name}`}
        </Button>
        <Button variant="secondary" onClick={() => void onCopy()} disabled={creating.loading} needsNetwork>
          Copy invite link
        </Button>
      </div>
      {again ? (
        <p id={`${timelineId}-remind-again`} className={styles.note}>
          {again}
        </p>
      ) : null}
      <FormAlert message={error} />
      {link ? (
        <div className={styles.link}>
          <label className="visually-hidden" htmlFor={`${timelineId}-invite-link`}>
            Invite link
          </label>
          <input
            ref={field}
            id={`${timelineId}-invite-link`}
            className={styles.linkField}
            value={link.url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className={styles.note}>{`${inviteLinkUntil(link.expiresAt)}, for ${name} only.`}</p>
          <p role="status" className={copied === "yes" ? styles.copied : styles.note}>
            {copied === "yes" ? LINK_COPIED : copied === "by-hand" ? COPY_BY_HAND : ""}
          </p>
        </div>
      ) : null}
    </>
  );
}
