import { AlertDialog, alertDialogStyles } from "./alert-dialog";
import { Button } from "./button";

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  busy?: boolean;
  /** An error to show inside the dialog (e.g. the failure of the confirmed action). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in an `AlertDialog`; focus starts on Cancel (the safe choice). */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel = "Cancel",
  danger = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <AlertDialog title={title} description={<p>{message}</p>} busy={busy} onCancel={onCancel}>
      {error ? (
        <p role="alert" className={alertDialogStyles.error}>
          {error}
        </p>
      ) : null}
      <div className={alertDialogStyles.actions}>
        <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} busy={busy} busyLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </div>
    </AlertDialog>
  );
}
