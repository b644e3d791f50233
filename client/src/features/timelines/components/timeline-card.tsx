import { format, isValid, parseISO } from "date-fns";
import { Link } from "react-router-dom";
import { PendingBadge } from "../../../components/ui/badge";
import { TimelinesIcon } from "../../../components/ui/icons";
import type { TimelineCard_TimelineFragment } from "../../../gql/graphql";
import { collaboratorLabel, type Viewer } from "../lib/collaborator-label";
import { NewCount } from "./new-count";
import styles from "./timeline-card.module.css";

/** "MMM d" (docs/product.md §2), or "" when the time is missing or unreadable. */
export function formatLastActivity(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = parseISO(iso);
  return isValid(date) ? format(date, "MMM d") : "";
}

interface TimelineCardProps {
  timeline: TimelineCard_TimelineFragment;
  viewer: Viewer | null;
  /** On screen at first paint (the first cards): its previews load at once, not lazily. */
  eager?: boolean;
}

/** One timeline of the list: previews, title, the other person, last activity, Pending badge. */
export function TimelineCard({ timeline, viewer, eager = false }: TimelineCardProps) {
  const previews = timeline.previewImages.slice(0, 3);
  const lastActivity = formatLastActivity(timeline.lastActivity);
  return (
    <Link className={styles.card} to={`/app/view-timeline?id=${encodeURIComponent(timeline.id)}`}>
      <span className={styles.previews} aria-hidden="true">
        {previews.length > 0 ? (
          previews.map((src, index) => (
            <img
              key={`${index}-${src}`}
              className={styles.preview}
              src={src}
              alt=""
              width={48}
              height={48}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager && index === 0 ? "high" : undefined}
            />
          ))
        ) : (
          <span className={`${styles.preview} ${styles.placeholder}`}>
            <TimelinesIcon size={22} />
          </span>
        )}
      </span>
      <span className={styles.body}>
        <span className={styles.titleRow}>
          <span className={styles.title}>{timeline.title}</span>{" "}
          {timeline.status === "PENDING" ? (
            <span className={styles.badge}>
              <PendingBadge />
            </span>
          ) : null}
          {timeline.newMemoryCount > 0 ? (
            <>
              <span className="visually-hidden">,</span> <NewCount count={timeline.newMemoryCount} />
            </>
          ) : null}
        </span>{" "}
        <span className={styles.meta}>
          <span className={styles.with}>with {collaboratorLabel(timeline, viewer)}</span>
          {lastActivity ? (
            <>
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">, last activity</span>{" "}
              <time dateTime={timeline.lastActivity}>{lastActivity}</time>
            </>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
