import { useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useModalFocus } from "../../lib/use-modal-focus";
import styles from "./alert-dialog.module.css";

interface AlertDialogProps {
  title: string;
  /** What the person is asked to confirm; read out with the title. */
  description: ReactNode;
  /** While busy, Escape and a tap outside do not cancel. */
  busy?: boolean;
  onCancel: () => void;
  /** The rest of the dialog: an error, a field, the buttons (use `alertDialogStyles`). */
  children: ReactNode;
}

/** Class names for a dialog's parts: `error` (an inline alert) and `actions` (two buttons). */
export const alertDialogStyles = { error: styles.error, actions: styles.actions };

/**
 * The shell of every modal question (role "alertdialog"). Render it only while open: focus starts
 * on the element marked `data-autofocus` (the safe choice), stays inside, Escape cancels, and
 * focus returns to the opener on close.
 */
export function AlertDialog({ title, description, busy = false, onCancel, children }: AlertDialogProps) {
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
        <div id={messageId} className={styles.message}>
          {description}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
