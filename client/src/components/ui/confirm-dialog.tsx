import { useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useModalFocus } from "../../lib/use-modal-focus";
import { Button } from "./button";
import styles from "./confirm-dialog.module.css";

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

/**
 * A modal confirmation (role "alertdialog"). Render it only while open: focus starts on Cancel
 * (the safe choice), stays inside, Escape cancels, and focus returns to the opener on close.
 */
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
  const titleId = useId();
  const messageId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  useModalFocus(boxRef, { onEscape: busy ? undefined : onCancel, initialFocus: "[data-autofocus]" });

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
          {title}
        </h2>
        <p id={messageId} className={styles.message}>
          {message}
        </p>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button data-autofocus variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} busy={busy} busyLabel={busyLabel}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
