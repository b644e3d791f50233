import { HIGHLIGHTS_MAX } from "@keepsake/contract";
import { useId, type ReactNode } from "react";
import { CloseIcon } from "../../../components/ui/icons";
import { FormAlert } from "../../../components/ui/form-alert";
import { captionOf, type HighlightMemory } from "./highlights-grid";
import styles from "./highlights-editor.module.css";

interface HighlightsEditorProps<M extends HighlightMemory> {
  /** The chosen memories, in order. */
  highlights: readonly M[];
  /** One's own memories to choose from (newest first). */
  candidates: readonly M[];
  renderThumb: (memory: M) => ReactNode;
  /** Saves the new choice (ids in order); each change is saved at once. */
  onChange: (ids: string[]) => void;
  busy: boolean;
  error: string | null;
  /** Under the candidates: loading more of them, or a spinner. */
  footer?: ReactNode;
}

/**
 * Choosing one's highlights (docs/decisions/053-highlights.md): the chosen ones in order, each
 * moved up or down or removed, then one's memories with a box to feature each, up to
 * HIGHLIGHTS_MAX. Every control is a 44 px target.
 */
export function HighlightsEditor<M extends HighlightMemory>({
  highlights,
  candidates,
  renderThumb,
  onChange,
  busy,
  error,
  footer,
}: HighlightsEditorProps<M>) {
  const orderTitle = useId();
  const chooseTitle = useId();
  const ids = highlights.map((memory) => memory.id);
  const full = ids.length >= HIGHLIGHTS_MAX;

  function move(index: number, by: -1 | 1) {
    const next = [...ids];
    const [id] = next.splice(index, 1);
    next.splice(index + by, 0, id!);
    onChange(next);
  }

  function toggle(id: string, on: boolean) {
    onChange(on ? [...ids, id] : ids.filter((other) => other !== id));
  }

  return (
    <div className={styles.editor} aria-busy={busy}>
      <FormAlert message={error} />
      <section aria-labelledby={orderTitle}>
        <h3 id={orderTitle} className={styles.title}>
          Your highlights
        </h3>
        <p className={styles.count} role="status">
          {ids.length} of {HIGHLIGHTS_MAX} chosen
        </p>
        {highlights.length ? (
          <ol className={styles.list}>
            {highlights.map((memory, index) => {
              const caption = captionOf(memory);
              return (
                <li key={memory.id} className={styles.row}>
                  <span className={styles.thumb}>{renderThumb(memory)}</span>
                  <span className={styles.caption}>{caption}</span>
                  <span className={styles.actions}>
                    <button
                      type="button"
                      className={styles.action}
                      aria-label={`Move ${caption} up`}
                      disabled={busy || index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      className={styles.action}
                      aria-label={`Move ${caption} down`}
                      disabled={busy || index === highlights.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <button
                      type="button"
                      className={styles.action}
                      aria-label={`Remove ${caption}`}
                      disabled={busy}
                      onClick={() => toggle(memory.id, false)}
                    >
                      <CloseIcon size={18} />
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        ) : null}
      </section>
      <section aria-labelledby={chooseTitle}>
        <h3 id={chooseTitle} className={styles.title}>
          Choose from your memories
        </h3>
        {candidates.length === 0 && !footer ? <p className={styles.count}>No memories yet</p> : null}
        <ul className={styles.list}>
          {candidates.map((memory) => {
            const chosen = ids.includes(memory.id);
            return (
              <li key={memory.id}>
                <label className={styles.choice}>
                  <input
                    type="checkbox"
                    className={styles.box}
                    checked={chosen}
                    disabled={busy || (!chosen && full)}
                    onChange={(event) => toggle(memory.id, event.target.checked)}
                  />
                  <span className={styles.thumb}>{renderThumb(memory)}</span>
                  <span className={styles.caption}>{captionOf(memory)}</span>
                </label>
              </li>
            );
          })}
        </ul>
        {footer}
      </section>
    </div>
  );
}
