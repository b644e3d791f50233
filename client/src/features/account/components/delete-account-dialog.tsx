import { useId, useRef, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useModalFocus } from "../../../lib/use-modal-focus";
import styles from "./delete-account-dialog.module.css";

/** The word to type (the server checks it too: docs/decisions/023-export-and-deletion.md). */
export const CONFIRM_WORD = "DELETE";

interface DeleteAccountDialogProps {
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * "Delete my account" (docs/decisions/023-export-and-deletion.md): a modal alertdialog with a clear
 * warning; the delete button works only once DELETE is typed. Focus starts on Cancel, stays
 * inside, Escape cancels (not while deleting).
 */
export function DeleteAccountDialog({ busy, error, onConfirm, onCancel }: DeleteAccountDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState("");
  useModalFocus(boxRef, { onEscape: busy ? undefined : onCancel, initialFocus: "[data-autofocus]" });
  const confirmed = typed.trim() === CONFIRM_WORD;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !busy) onConfirm();
  };

  return createPortal(
    <div className={styles.backdrop} onClick={busy ? undefined : onCancel}>
      <div
        ref={boxRef}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className={styles.title}>
          Delete your account?
        </h2>
        <div id={messageId} className={styles.message}>
          <p>
            This cannot be undone. Your profile, your photo and every memory you added, with its photos and videos, are
            deleted for good, and you are signed out everywhere.
          </p>
          <p>
            Timelines you share stay with the other person, with their own memories; you will show there as
            &ldquo;Former member&rdquo;. Download your data first if you want to keep a copy.
          </p>
        </div>
        <form onSubmit={submit} className={styles.form} noValidate>
          <TextField
            label={`Type ${CONFIRM_WORD} to confirm`}
            value={typed}
            onChange={setTyped}
            autoComplete="off"
            disabled={busy}
            inputProps={{ autoCapitalize: "characters", spellCheck: false, "aria-invalid": false }}
          />
          {error ? (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!confirmed} busy={busy} busyLabel="Deleting...">
              Delete my account
            </Button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
