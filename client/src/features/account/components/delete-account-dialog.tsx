import { useState, type FormEvent } from "react";
import { AlertDialog, alertDialogStyles } from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
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
 * "Delete my account" (docs/decisions/023-export-and-deletion.md): an `AlertDialog` with a clear
 * warning; the delete button works only once DELETE is typed. Focus starts on Cancel; Escape
 * cancels (not while deleting).
 */
export function DeleteAccountDialog({ busy, error, onConfirm, onCancel }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState("");
  const confirmed = typed.trim() === CONFIRM_WORD;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !busy) onConfirm();
  };

  return (
    <AlertDialog
      title="Delete your account?"
      description={
        <>
          <p>
            This cannot be undone. Your profile, your photo and every memory you added, with its photos and videos, are
            deleted for good, and you are signed out everywhere.
          </p>
          <p>
            Timelines you share stay with the other person, with their own memories; you will show there as
            &ldquo;Former member&rdquo;. Download your data first if you want to keep a copy.
          </p>
        </>
      }
      busy={busy}
      onCancel={onCancel}
    >
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
          <p role="alert" className={alertDialogStyles.error}>
            {error}
          </p>
        ) : null}
        <div className={alertDialogStyles.actions}>
          <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" needsNetwork disabled={!confirmed} busy={busy} busyLabel="Deleting...">
            Delete my account
          </Button>
        </div>
      </form>
    </AlertDialog>
  );
}
