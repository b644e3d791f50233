import { Button } from "../../../components/ui/button";
import { CalendarIcon, MapPinIcon } from "../../../components/ui/icons";
import { formatMemoryDate } from "../lib/memory-date";
import { noteAuthorName } from "../lib/note-author";
import { ExpandableCaption } from "./expandable-caption";
import { MemoryLock } from "./memory-lock";
import { NARROWER_MEMORY_LABEL } from "../lib/messages";
import { hasNotes, MemoryNotes } from "./memory-notes";
import type { MemoryViewerMedia, MemoryViewerMemory } from "./memory-viewer-types";
import { PhotoDots } from "./photo-dots";
import type { SlideItem } from "./viewer-slides";
import styles from "./viewer-slide.module.css";
import { ViewerMedia } from "./viewer-media";

interface ViewerSlideProps {
  memory: MemoryViewerMemory;
  /** The photo or video this slide shows (the cover when not given). */
  media?: MemoryViewerMedia;
  /** Which of the memory's photos it is, for the position cue. */
  item?: SlideItem;
  captionId: string;
  position: string;
  active: boolean;
  load: boolean;
  onEdit?: (memory: MemoryViewerMemory) => void;
  onZoomedChange: (zoomed: boolean) => void;
  onSwipeDown: () => void;
}

/**
 * One memory in the viewer (docs/product.md §2): the media full width, the caption as body text,
 * then date, place and "Why this moment matters" (both people's notes, memory-notes.tsx) together
 * in one card, and "Edit Memory" when allowed. A change by the other person to the caption, place,
 * date or media says so ("edited by {partner}", docs/decisions/037-each-voice-its-authors.md). Slides other than the current one are inert, so Tab never reaches them.
 */
export function ViewerSlide({
  memory,
  media = memory.media,
  item = { index: 0, count: 1 },
  captionId,
  position,
  active,
  load,
  onEdit,
  onZoomedChange,
  onSwipeDown,
}: ViewerSlideProps) {
  const caption = memory.caption?.trim() ?? "";
  const location = memory.location?.trim() ?? "";
  const notes = hasNotes(memory);
  const date = formatMemoryDate(memory.memoryDate);
  const editor = noteAuthorName(memory.editedBy);
  const label = media.type === "VIDEO" ? (caption ? `Video: ${caption}` : "Memory video") : caption || "Memory photo";
  const photoPosition = item.count > 1 ? `Photo ${item.index + 1} of ${item.count}` : null;

  return (
    <article
      className={styles.slide}
      aria-roledescription="slide"
      aria-label={photoPosition ? `${position}, ${photoPosition.toLowerCase()}` : position}
      aria-hidden={active ? undefined : true}
      inert={!active}
      data-active={active || undefined}
    >
      <ViewerMedia
        memory={memory}
        media={media}
        label={photoPosition ? `${label} (${photoPosition.toLowerCase()})` : label}
        active={active}
        load={load}
        onZoomedChange={onZoomedChange}
        onSwipeDown={onSwipeDown}
      />
      {photoPosition ? <PhotoDots index={item.index} count={item.count} label={photoPosition} /> : null}
      <div className={styles.details}>
        <ExpandableCaption id={captionId} text={caption || "Untitled memory"} untitled={!caption} />
        {editor ? <p className={styles.edited}>edited by {editor}</p> : null}
        {memory.narrowerThanTimeline ? (
          <p className={styles.edited}>
            <MemoryLock variant="inline" /> {NARROWER_MEMORY_LABEL}
          </p>
        ) : null}
        {date || location || notes ? (
          <div className={styles.card}>
            {date || location ? (
              <ul className={styles.facts}>
                {date ? (
                  <li>
                    <CalendarIcon size={18} />
                    <time dateTime={memory.memoryDate ?? undefined}>{date}</time>
                  </li>
                ) : null}
                {location ? (
                  <li>
                    <MapPinIcon size={18} />
                    <span>{location}</span>
                  </li>
                ) : null}
              </ul>
            ) : null}
            {notes ? (
              <section className={styles.meaning} aria-labelledby={`${captionId}-meaning`}>
                <h3 id={`${captionId}-meaning`} className={styles.meaningTitle}>
                  Why this moment matters
                </h3>
                <MemoryNotes memory={memory} />
              </section>
            ) : null}
          </div>
        ) : null}
        {onEdit && memory.canEdit ? (
          <Button block variant="secondary" onClick={() => onEdit(memory)}>
            Edit Memory
          </Button>
        ) : null}
      </div>
    </article>
  );
}
