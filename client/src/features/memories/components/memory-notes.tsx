import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { noteAuthorName } from "../lib/note-author";
import type { MemoryViewerMemory } from "./memory-viewer-types";
import styles from "./memory-notes.module.css";
import { PartnerNoteEditor } from "./partner-note-editor";

interface Voice {
  key: "creator" | "partner";
  author: string | null;
  text: string;
}

/** The notes a memory shows, the creator's first; empty ones left out. */
export function voicesOf(memory: MemoryViewerMemory): Voice[] {
  const voices: Voice[] = [
    { key: "creator", author: noteAuthorName(memory.createdBy), text: memory.meaning?.trim() ?? "" },
    { key: "partner", author: noteAuthorName(memory.partner), text: memory.partnerMeaning?.trim() ?? "" },
  ];
  return voices.filter((voice) => voice.text);
}

/** Whether the viewer's card has notes to show, or a note for this person to add. */
export function hasNotes(memory: MemoryViewerMemory): boolean {
  return voicesOf(memory).length > 0 || !!memory.canWritePartnerMeaning;
}

/**
 * "Why this moment matters" in two voices (docs/decisions/027-two-voices.md): the memory's
 * creator's note and the other participant's, each under its author's current name. The
 * partner adds or changes theirs here; everyone else only reads.
 */
export function MemoryNotes({ memory }: { memory: MemoryViewerMemory }) {
  const [editing, setEditing] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const wasEditing = useRef(false);
  const voices = voicesOf(memory);
  // Focus follows the form: into its text area when it opens, back to the button when it closes.
  useEffect(() => {
    if (editing) box.current?.querySelector("textarea")?.focus();
    else if (wasEditing.current) box.current?.querySelector<HTMLButtonElement>("[data-note-action]")?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const own = memory.partnerMeaning?.trim() ?? "";

  return (
    <div ref={box} className={styles.notes}>
      {voices.map((voice) => (
        <figure key={voice.key} className={styles.voice} data-voice={voice.key}>
          {voice.author ? <figcaption className={styles.author}>{voice.author}</figcaption> : null}
          <p className={styles.text}>{voice.text}</p>
        </figure>
      ))}
      {memory.canWritePartnerMeaning && editing ? (
        <PartnerNoteEditor memoryId={memory.id} initial={own} onDone={() => setEditing(false)} />
      ) : null}
      {memory.canWritePartnerMeaning && !editing ? (
        <Button variant="ghost" className={styles.add} onClick={() => setEditing(true)} data-note-action>
          {own ? "Edit your note" : "Add your note"}
        </Button>
      ) : null}
    </div>
  );
}
