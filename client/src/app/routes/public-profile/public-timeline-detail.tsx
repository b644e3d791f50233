import { useEffect, useRef, useState } from "react";
import { EmptyState } from "../../../components/ui/empty-state";
import { ArrowLeftIcon, MemoriesIcon } from "../../../components/ui/icons";
import { CenteredSpinner } from "../../../components/ui/spinner";
import { MemoryThumb } from "../../../features/memories/components/memory-journal";
import { LazyMemoryViewer, usePreloadMemoryViewer } from "../../../features/memories/components/lazy-memory-viewer";
import { formatMemoryDate } from "../../../features/memories/lib/memory-date";
import { LoadMore } from "../../../components/ui/load-more";
import { usePublicTimelineDetail } from "../../../features/users/api/use-public-profile";
import { countLabel } from "../../../lib/count-label";
import styles from "./public-timeline-detail.module.css";

interface PublicTimelineDetailProps {
  timelineId: string;
  onBack: () => void;
}

/**
 * A timeline opened from a public profile (docs/product.md §2): back button, title, "{n} memories", and its
 * memories on a horizontal line, oldest first (no date first). A photo opens the viewer (blue).
 */
export function PublicTimelineDetail({ timelineId, onBack }: PublicTimelineDetailProps) {
  const { data, error, memories: pages } = usePublicTimelineDetail(timelineId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  usePreloadMemoryViewer();
  const timeline = data?.timeline;
  const loaded = Boolean(error) || data !== undefined;

  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  // oldest first, ordered by the server across pages (docs/product.md §2)
  const memories = timeline ? pages.items : [];

  return (
    <section className={styles.detail} aria-labelledby={`${timelineId}-title`}>
      <button type="button" className={styles.back} onClick={onBack}>
        <ArrowLeftIcon size={20} />
        Back to timelines
      </button>

      {!loaded ? (
        <CenteredSpinner label="Loading timeline..." height="panel" />
      ) : !timeline ? (
        <h2 id={`${timelineId}-title`} ref={headingRef} tabIndex={-1} className={styles.title}>
          This timeline can't be shown
        </h2>
      ) : (
        <>
          <header className={styles.header}>
            <h2 id={`${timelineId}-title`} ref={headingRef} tabIndex={-1} className={styles.title}>
              {timeline.title}
            </h2>
            <p className={styles.count}>{countLabel(timeline.memoryCount, "memory", "memories")}</p>
          </header>
          {memories.length === 0 ? (
            <EmptyState icon={<MemoriesIcon size={28} />} title="No memories yet" headingLevel={3} />
          ) : (
            <div className={styles.strip} tabIndex={0} role="region" aria-label="Memories, oldest first">
              <ol className={styles.line}>
                {memories.map((memory) => {
                  const caption = memory.caption?.trim() || "Untitled memory";
                  const date = formatMemoryDate(memory.memoryDate);
                  const location = memory.location?.trim();
                  const meaning = memory.meaning?.trim();
                  return (
                    <li key={memory.id} className={styles.card}>
                      <button
                        type="button"
                        className={styles.photo}
                        onClick={() => setOpenId(memory.id)}
                        aria-label={`Open ${caption}`}
                      >
                        <MemoryThumb memory={memory} size={112} />
                      </button>
                      <p className={styles.caption}>{caption}</p>
                      {date ? (
                        <p className={styles.meta}>
                          <time dateTime={memory.memoryDate ?? undefined}>{date}</time>
                        </p>
                      ) : null}
                      {location ? <p className={styles.meta}>{location}</p> : null}
                      {meaning ? <p className={styles.meaning}>{meaning}</p> : null}
                    </li>
                  );
                })}
              </ol>
              <LoadMore pages={pages} horizontal />
            </div>
          )}
        </>
      )}
      {openId && memories.some((memory) => memory.id === openId) ? (
        <LazyMemoryViewer memories={memories} startId={openId} theme="blue" onClose={() => setOpenId(null)} />
      ) : null}
    </section>
  );
}
