import { Link } from "react-router-dom";
import { useOnThisDayQuery } from "../../../gql/graphql";
import styles from "./on-this-day-card.module.css";

/**
 * One quiet card at the top of Timelines (docs/decisions/035-presence.md): memories of the
 * person's own timelines from this day in earlier years; nothing at all when there are none.
 * Opening it opens the newest one in the viewer.
 */
export function OnThisDayCard() {
  const { data } = useOnThisDayQuery({ fetchPolicy: "cache-and-network" });
  const list = data?.onThisDay ?? [];
  const first = list[0];
  if (!first) return null;
  const year = (first.memoryDate ?? "").slice(0, 4);
  const more = list.length - 1;
  return (
    <Link
      className={styles.card}
      to={`/app/view-timeline?id=${encodeURIComponent(first.timelineId)}&memory=${encodeURIComponent(first.id)}`}
      aria-label={`On this day: ${first.timeline.title}, ${year}${more ? `, and ${more} more` : ""}`}
    >
      {first.media.thumbUrl ? <img src={first.media.thumbUrl} alt="" className={styles.thumb} /> : null}
      <span>
        <span className={styles.kicker}>On this day</span>
        <span className={styles.title}>
          {first.timeline.title}, {year}
        </span>
        {more ? <span className={styles.more}>and {more} more</span> : null}
      </span>
    </Link>
  );
}
