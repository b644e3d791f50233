import { ButtonLink } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { FloatingPlusButton } from "../../../components/ui/floating-plus-button";
import { TimelinesIcon } from "../../../components/ui/icons";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { OnThisDayCard } from "../../../features/presence/components/on-this-day-card";
import { TimelineCard } from "../../../features/timelines/components/timeline-card";
import { LoadMore } from "../../../components/ui/load-more";
import { useTimelinePages } from "../../../features/timelines/api/use-timelines";
import { useSessionUser } from "../../../lib/session-user";
import styles from "./timelines-screen.module.css";

/** Spec §2 "Timelines list": the signed-in user's timelines, newest activity first. */
/** Cards on screen at first paint on a phone: their previews load at once, not lazily. */
const EAGER_CARDS = 6;

export function TimelinesScreen() {
  const viewer = useSessionUser();
  const pages = useTimelinePages();
  const { data, loading } = pages;
  // Spec §8: a failed load shows the empty list, silently.
  const timelines = pages.items;

  return (
    <>
      <ScreenHeader title="Your Timelines" subtitle="Collaborative memories with those who matter most" />
      <OnThisDayCard />
      {loading && !data ? (
        <PageSpinner label="Loading timelines…" />
      ) : timelines.length === 0 ? (
        <EmptyState
          icon={<TimelinesIcon size={28} />}
          title="No timelines yet"
          message="Start creating beautiful memories with someone special"
          action={<ButtonLink to="/app/create-timeline">Create Your First Timeline</ButtonLink>}
        />
      ) : (
        <ul className={styles.list} aria-label="Timelines">
          {timelines.map((timeline, index) => (
            <li key={timeline.id}>
              <TimelineCard timeline={timeline} viewer={viewer} eager={index < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={pages} />
      <FloatingPlusButton />
    </>
  );
}
