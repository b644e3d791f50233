import { EmptyState } from "../../../components/ui/empty-state";
import { TimelinesIcon } from "../../../components/ui/icons";
import { CenteredSpinner } from "../../../components/ui/spinner";
import { useUserTimelinesQuery, type PublicTimelineCard_TimelineFragment } from "../../../gql/graphql";
import { countLabel } from "../../../lib/count-label";
import styles from "./public-timelines.module.css";

type Person = PublicTimelineCard_TimelineFragment["createdBy"];

/** Spec §3: on public views the collaborator reads display name, then full name, then "Collaborator". */
export function publicPersonLabel(person: Pick<Person, "displayName" | "fullName"> | null | undefined): string {
  return person?.displayName?.trim() || person?.fullName?.trim() || "Collaborator";
}

interface PublicTimelinesProps {
  identifier: string;
  /** The viewed person's id: the card names the other participant. */
  profileUserId: string;
  onOpen: (timelineId: string) => void;
}

/** The Timelines tab of a public profile (docs/product.md §2): their active, accepted timelines. */
export function PublicTimelines({ identifier, profileUserId, onOpen }: PublicTimelinesProps) {
  const { data, error } = useUserTimelinesQuery({ variables: { identifier } });
  // Spec §8: a failure to load shows the empty list.
  const timelines = error && !data ? [] : data?.userTimelines;

  if (timelines === undefined) {
    return <CenteredSpinner label="Loading timelines..." height="panel" />;
  }
  if (timelines.length === 0) {
    return <EmptyState icon={<TimelinesIcon size={28} />} title="No timelines yet" />;
  }
  return (
    <ul className={styles.list} aria-label="Timelines">
      {timelines.map((timeline) => {
        const other = timeline.createdBy.id === profileUserId ? timeline.collaborator : timeline.createdBy;
        return (
          <li key={timeline.id}>
            <button
              type="button"
              className={styles.card}
              data-timeline-id={timeline.id}
              onClick={() => onOpen(timeline.id)}
            >
              <span className={styles.text}>
                <span className={styles.title}>{timeline.title}</span>
                <span className={styles.meta}>with {publicPersonLabel(other)}</span>
                <span className={styles.meta}>{countLabel(timeline.memoryCount, "memory", "memories")}</span>
              </span>
              {timeline.previewImages.length > 0 ? (
                <span className={styles.previews} aria-hidden="true">
                  {timeline.previewImages.slice(0, 3).map((src) => (
                    <img key={src} src={src} alt="" loading="lazy" className={styles.preview} />
                  ))}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
