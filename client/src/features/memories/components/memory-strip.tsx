import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { ImageIcon, PlayIcon } from "../../../components/ui/icons";
import type { TimelineMemory_MemoryFragment } from "../../../gql/graphql";
import { usePrefersReducedMotion } from "../../../lib/use-reduced-motion";
import { formatMemoryDate } from "../lib/memory-date";
import {
  monthMarks,
  monthMarksOf,
  stopAt,
  yearStops,
  yearStopsOf,
  type MonthCount,
  type YearStop,
} from "../lib/strip-marks";
import { itemsOf } from "../lib/media-count";
import { StackBadge } from "./stack-badge";
import { MemoryLock } from "./memory-lock";
import styles from "./memory-strip.module.css";
import { NewMark } from "./new-mark";
import { useHorizontalWheel } from "./use-horizontal-wheel";
import { YearScrubber } from "./year-scrubber";

/** Spec §9: strip cards are 280 px apart. */
export const STRIP_SPACING = 280;
/** How long a click waits for a second one before it counts as a single click. */
export const DOUBLE_CLICK_WINDOW_MS = 250;
const CARD_WIDTH = 256;
/** Cards on screen at first paint, even on a wide screen: their images are not lazy-loaded. */
const EAGER_CARDS = 3;

interface MemoryStripProps {
  memories: readonly TimelineMemory_MemoryFragment[];
  /** A tap, a single click or Enter/Space: open the viewer. */
  onOpen: (memory: TimelineMemory_MemoryFragment) => void;
  /** A pointer went down on a memory: what opening needs can start loading. */
  onPress?: () => void;
  /** Double click: edit (only offered for memories the viewer may edit). */
  onEdit: (memory: TimelineMemory_MemoryFragment) => void;
  /** After the last card: the next page's sentinel (docs/decisions/024-paged-reads.md). */
  end?: ReactNode;
  /** The whole timeline's month counts: marks and years also for the pages not read yet. */
  months?: readonly MonthCount[];
  /** Reads the next page (a year further than the pages read was chosen). */
  onNeedMore?: () => void;
}

/** The round image of a memory on the strip (a video shows its poster). */
export function roundImageFor(memory: TimelineMemory_MemoryFragment): string | null {
  const { media } = memory;
  if (media.type === "VIDEO") return media.posterUrl ?? media.thumbUrl ?? null;
  return media.thumbUrl ?? media.url ?? null;
}

/**
 * A timeline's memories on a horizontal line of round images (docs/product.md §2), sized to the
 * screen, with month markers on the line and a year scrubber above it
 * (docs/decisions/018-viewer-and-strip.md). A tap opens the viewer at once; with a mouse a single
 * click opens it and a double click opens Edit Memory, so a single click waits briefly
 * (docs/decisions/036-offline-truth-and-memory-urls.md). On a
 * desktop the mouse wheel scrolls it sideways. The strip is one tab stop (a roving tabindex: only
 * the last memory focused, at first the first, is in the tab order) and ← → Home End move
 * between the memories inside it.
 */
export function MemoryStrip({ memories, onOpen, onPress, onEdit, end, months, onNeedMore }: MemoryStripProps) {
  const timer = useRef<number | undefined>(undefined);
  // the kind of the last pointer that went down on a card: only a mouse waits for a double click
  const pointerType = useRef<string>("mouse");
  const scrollerRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [firstVisible, setFirstVisible] = useState(0);
  // the one card in the tab order (roving tabindex); within the memories read so far
  const [active, setActive] = useState(0);
  const tabStop = Math.min(active, memories.length - 1);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useHorizontalWheel(scrollerRef);

  const marks = months?.length ? monthMarksOf(months) : monthMarks(memories);
  const stops = months?.length ? yearStopsOf(months) : yearStops(memories);
  // a year beyond the pages read: the pages are read up to it, then the strip goes there
  const [pendingJump, setPendingJump] = useState<YearStop | null>(null);

  const onClick = (event: MouseEvent, memory: TimelineMemory_MemoryFragment) => {
    window.clearTimeout(timer.current);
    // Keyboard activation has no click count, and a finger or pen does not double-click: open at once.
    if (event.detail === 0 || pointerType.current !== "mouse") return onOpen(memory);
    timer.current = window.setTimeout(() => onOpen(memory), DOUBLE_CLICK_WINDOW_MS);
  };
  const onDoubleClick = (memory: TimelineMemory_MemoryFragment) => {
    window.clearTimeout(timer.current);
    if (memory.canEdit) onEdit(memory);
    else onOpen(memory);
  };

  const cardAt = (index: number) =>
    scrollerRef.current?.querySelector<HTMLButtonElement>(`[data-index="${index}"]`) ?? null;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const from = Number((event.target as HTMLElement).dataset.index ?? NaN);
    if (Number.isNaN(from)) return;
    const last = memories.length - 1;
    const to =
      event.key === "ArrowRight"
        ? Math.min(last, from + 1)
        : event.key === "ArrowLeft"
          ? Math.max(0, from - 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const card = cardAt(to);
    card?.focus({ preventScroll: true });
    card?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", inline: "center", block: "nearest" });
  };

  const jumpTo = (stop: YearStop) => {
    setFirstVisible(stop.index);
    if (stop.index >= memories.length) {
      setPendingJump(stop);
      return;
    }
    // The strip's end padding lets every card reach the start, so this lands on the year.
    scrollerRef.current?.scrollTo({ left: stop.index * STRIP_SPACING, behavior: reducedMotion ? "auto" : "smooth" });
    cardAt(stop.index)?.focus({ preventScroll: true });
  };

  // after each page that arrived: there yet, or the next page (asked for once per page, never
  // again while one is on its way)
  const needMore = useRef(onNeedMore);
  useEffect(() => {
    needMore.current = onNeedMore;
  });
  useEffect(() => {
    if (!pendingJump) return;
    if (pendingJump.index < memories.length) {
      setPendingJump(null);
      scrollerRef.current?.scrollTo({ left: pendingJump.index * STRIP_SPACING, behavior: "auto" });
      scrollerRef.current
        ?.querySelector<HTMLElement>(`[data-index="${pendingJump.index}"]`)
        ?.focus({ preventScroll: true });
    } else needMore.current?.();
  }, [pendingJump, memories.length]);

  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (scroller) setFirstVisible(Math.round(scroller.scrollLeft / STRIP_SPACING));
  };

  const width = (memories.length - 1) * STRIP_SPACING + CARD_WIDTH + (end ? STRIP_SPACING : 0);
  return (
    <div className={styles.wrap}>
      {stops.length > 1 ? <YearScrubber stops={stops} current={stopAt(stops, firstVisible)} onJump={jumpTo} /> : null}
      <div ref={scrollerRef} className={styles.scroller} onScroll={onScroll}>
        <ul className={styles.strip} style={{ width }} aria-label="Memories" onKeyDown={onKeyDown}>
          {memories.map((memory, index) => {
            const image = roundImageFor(memory);
            const date = formatMemoryDate(memory.memoryDate);
            const caption = memory.caption.trim();
            const mark = marks.get(index);
            return (
              <li key={memory.id} className={styles.item} style={{ left: index * STRIP_SPACING }}>
                {mark ? (
                  <span className={styles.mark} aria-hidden="true">
                    {mark}
                  </span>
                ) : null}
                <button
                  type="button"
                  className={styles.card}
                  data-index={index}
                  tabIndex={index === tabStop ? 0 : -1}
                  onFocus={() => setActive(index)}
                  title={memory.canEdit ? "Click to view, double-click to edit" : undefined}
                  onPointerDown={(event) => {
                    pointerType.current = event.pointerType;
                    onPress?.();
                  }}
                  onClick={(event) => onClick(event, memory)}
                  onDoubleClick={() => onDoubleClick(memory)}
                >
                  <span className={styles.circle}>
                    {image ? (
                      <img
                        className={styles.image}
                        src={image}
                        alt=""
                        // the first cards are on screen at first paint: loaded at once
                        loading={index < EAGER_CARDS ? "eager" : "lazy"}
                        fetchPriority={index === 0 ? "high" : undefined}
                        draggable={false}
                      />
                    ) : (
                      <span className={styles.noImage}>
                        <ImageIcon size={36} />
                      </span>
                    )}
                    {memory.media.type === "VIDEO" ? (
                      <span className={styles.videoMark}>
                        <PlayIcon size={18} />
                      </span>
                    ) : null}
                    {memory.isNew ? <NewMark /> : null}
                    <StackBadge items={itemsOf(memory)} />
                    {memory.narrowerThanTimeline ? <MemoryLock /> : null}
                  </span>
                  <span className={styles.text}>
                    {caption ? (
                      <span className={styles.caption}>{caption}</span>
                    ) : (
                      <span className="visually-hidden">Untitled memory</span>
                    )}
                    {date ? <span className={styles.date}>{date}</span> : null}
                    {memory.location.trim() ? <span className={styles.location}>{memory.location}</span> : null}
                    {memory.meaning.trim() ? <span className={styles.meaning}>{memory.meaning}</span> : null}
                  </span>
                </button>
              </li>
            );
          })}
          {end ? (
            <li className={styles.end} style={{ left: memories.length * STRIP_SPACING }}>
              {end}
            </li>
          ) : null}
        </ul>
      </div>
    </div>
  );
}
