import { PARTNER_MEANING_MAX } from "@keepsake/contract";
import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { useSavePartnerNoteMutation } from "../../../gql/graphql";
import { characterCount } from "../../../lib/characters";
import { notifySaved, TOASTS } from "../../../lib/notify";
import { SAVE_NOTE_ERROR } from "../lib/messages";
import styles from "./memory-notes.module.css";
import { PartnerNoteField } from "./partner-note-field";

interface PartnerNoteEditorProps {
  memoryId: string;
  initial: string;
  /** The note was saved, or the person cancelled. */
  onDone: () => void;
}

/**
 * The partner writes or changes their own "Why this moment matters" from the viewer
 * (docs/decisions/027-two-voices.md): a text area with the 1,000-character counter and its
 * warning, like every other field (docs/product.md §5); an empty note clears it. A toast on save;
 * a failure stays inline (docs/product.md §8).
 */
export function PartnerNoteEditor({ memoryId, initial, onDone }: PartnerNoteEditorProps) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [save, { loading }] = useSavePartnerNoteMutation();
  const over = characterCount(text) > PARTNER_MEANING_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (over || loading) return;
    setError(null);
    try {
      await save({ variables: { id: memoryId, partnerMeaning: text.trim() } });
    } catch (failure) {
      console.warn("savePartnerNote failed", failure);
      setError(SAVE_NOTE_ERROR);
      return;
    }
    notifySaved(TOASTS.noteSaved);
    onDone();
  }

  return (
    <form className={styles.editor} onSubmit={(event) => void submit(event)} noValidate>
      <PartnerNoteField value={text} onChange={setText} />
      <FormAlert message={error} />
      <div className={styles.editorActions}>
        <Button type="submit" disabled={over} busy={loading} busyLabel="Saving...">
          Save note
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={loading}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
