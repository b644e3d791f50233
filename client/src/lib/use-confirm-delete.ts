import { useState } from "react";

interface ConfirmDeleteOptions {
  /** Runs the delete. A rejection is logged and shows `failureMessage` in the dialog. */
  remove: () => Promise<unknown>;
  failureMessage: string;
  /** After the delete succeeded (e.g. leave the screen). */
  onDeleted: () => void;
  /** Names the failed operation in the log, e.g. "deleteMemory". */
  operation: string;
}

/**
 * The delete-and-confirm flow of a screen: a delete button asks (`ask`), a danger ConfirmDialog
 * shows while `confirming` with `dialogProps`, and confirming runs `remove`. While it runs
 * `busy` is true; a failure stays in the dialog so the user can retry or cancel.
 */
export function useConfirmDelete({ remove, failureMessage, onDeleted, operation }: ConfirmDeleteOptions) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    setBusy(true);
    try {
      await remove();
    } catch (failure) {
      console.warn(`${operation} failed`, failure);
      setError(failureMessage);
      return;
    } finally {
      setBusy(false);
    }
    onDeleted();
  }

  return {
    confirming,
    busy,
    ask: () => {
      setError(null);
      setConfirming(true);
    },
    dialogProps: {
      danger: true,
      busy,
      busyLabel: "Deleting...",
      error,
      onConfirm: () => void confirm(),
      onCancel: () => setConfirming(false),
    },
  };
}
