import type { CSSProperties, ReactNode } from "react";
import { ImageIcon, PlayIcon } from "../../../components/ui/icons";
import type { TimelineMemory_MemoryFragment } from "../../../gql/graphql";
import { formatDayHeading, groupByDay } from "../lib/group-by-day";
import styles from "./memory-days-grid.module.css";
import { roundImageFor } from "./memory-strip";

/** Tiles on screen at first paint: their images are not lazy-loaded. */
const EAGER_TILES = 6;
/** Narrower or wider than this, a tile is cut to it (a panorama would take a row of its own). */
const MIN_RATIO = 0.5;
const MAX_RATIO = 2.4;

interface MemoryDaysGridProps {
  memories: readonly TimelineMemory_MemoryFragment[];
  /** A tap, a click or Enter/Space: open the viewer at that memory. */
  onOpen: (memory: TimelineMemory_MemoryFragment) => void;
  /** A pointer went down on a memory: what opening needs can start loading. */
  onPress?: () => void;
  /** After the last day: the next page's sentinel (docs/decisions/024-paged-reads.md). */
  end?: ReactNode;
}

/** The media's width over its height, kept within what a row can show; square when unknown. */
export function tileRatio(media: { width?: number | null; height?: number | null }): number {
  const { width, height } = media;
  if (!width || !height) return 1;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, width / height));
}

/**
 * A dense trip by day (docs/decisions/057-density-switch.md): each day's memories under its
 * heading, in justified rows where every photo keeps its shape (a tile's width grows with its
 * aspect ratio, the row's height is shared), videos with their poster and a play mark. The days
 * go the way the strip goes. A tap opens the viewer at once, as the strip's does.
 */
export function MemoryDaysGrid({ memories, onOpen, onPress, end }: MemoryDaysGridProps) {
  const position = new Map(memories.map((memory, index) => [memory.id, index]));
  return (
    <div className={styles.days}>
      {groupByDay(memories).map((day) => {
        const heading = formatDayHeading(day.date);
        const places = [...new Set(day.memories.map((memory) => memory.location.trim()).filter(Boolean))];
        return (
          <section key={day.date ?? "undated"} className={styles.day} aria-label={heading}>
            <header className={styles.heading}>
              <h2 className={styles.date}>{heading}</h2>
              {places.length ? <p className={styles.places}>{places.join(" · ")}</p> : null}
            </header>
            <ul className={styles.rows}>
              {day.memories.map((memory) => {
                const eager = (position.get(memory.id) ?? 0) < EAGER_TILES;
                const ratio = tileRatio(memory.media);
                const image = roundImageFor(memory);
                const caption = memory.caption.trim() || "Untitled memory";
                const video = memory.media.type === "VIDEO";
                return (
                  <li key={memory.id} className={styles.tile} style={{ "--ratio": ratio } as CSSProperties}>
                    <button
                      type="button"
                      className={styles.open}
                      data-testid="day-tile"
                      onPointerDown={onPress}
                      onClick={() => onOpen(memory)}
                    >
                      {image ? (
                        <img
                          className={styles.image}
                          src={image}
                          alt=""
                          loading={eager ? "eager" : "lazy"}
                          decoding="async"
                          draggable={false}
                        />
                      ) : (
                        <span className={styles.noImage}>
                          <ImageIcon size={28} />
                        </span>
                      )}
                      {video ? (
                        <span className={styles.play}>
                          <PlayIcon size={16} />
                        </span>
                      ) : null}
                      <span className="visually-hidden">{video ? `${caption}, video` : caption}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {end}
    </div>
  );
}
