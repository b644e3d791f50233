import { format } from "date-fns";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { FileChoice } from "./file-choice";
import { MAX_FILES } from "./trip-groups";
import { TripMemoryCard } from "./trip-memory-card";
import { TripProgress } from "./trip-progress";
import styles from "./trip-review.module.css";
import type { GroupProblem } from "./use-save-all";
import type { Trip } from "./use-trip";

interface TripReviewProps {
  trip: Trip;
  timelineId: string;
  saving: boolean;
  problems: Record<string, GroupProblem>;
  onSaveAll: () => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Add many's screen body (docs/decisions/058-add-many-and-share-target.md): the offer to resume a
 * draft, the picker, then the calm review of the memories while the uploads run, and Save all.
 */
export function TripReview({ trip, timelineId, saving, problems, onSaveAll }: TripReviewProps) {
  const [note, setNote] = useState<string | null>(null);
  const files = Object.values(trip.files);

  async function choose(picked: File[]) {
    const { leftOut } = await trip.choose(picked);
    setNote(
      leftOut > 0
        ? `Add many takes up to ${MAX_FILES} photos and videos at a time: the first ${MAX_FILES} are kept, ${plural(leftOut, "file was", "files were")} left out.`
        : null,
    );
  }

  function chooseAgain(picked: File[]) {
    const found = trip.chooseAgain(picked);
    setNote(found === 0 ? "None of those are in this trip. Choose the same photos again to finish." : null);
  }

  if (!trip.ready) return null;

  if (trip.offer) {
    const draft = trip.offer;
    const count = Object.keys(draft.files).length;
    return (
      <div className={styles.offer} role="region" aria-label="Unfinished trip">
        <p>
          You began adding {plural(count, "photo", "photos")} ({plural(draft.groups.length, "memory", "memories")}) on{" "}
          {format(new Date(draft.startedAt), "d MMMM")}. Nothing was lost.
        </p>
        <Button block onClick={trip.resume}>
          Resume
        </Button>
        <Button block variant="ghost" onClick={() => void trip.startOver()}>
          Start over
        </Button>
      </div>
    );
  }

  if (trip.groups.length === 0) {
    return (
      <div className={styles.review}>
        <p className={styles.meta}>
          Choose up to {MAX_FILES} photos and videos. They are grouped into memories by the day they were taken, and
          upload while you write.
        </p>
        <FileChoice name="trip-files" onFiles={(picked) => void choose(picked)}>
          Choose photos and videos
        </FileChoice>
        {note ? <p role="alert">{note}</p> : null}
      </div>
    );
  }

  const pending = trip.groups.filter((g) => !trip.savedGroups.includes(g.id));
  const waitingFor = files.filter((f) => f.status === "waiting" || f.status === "uploading").length;
  const room = MAX_FILES - files.length;

  return (
    <div className={styles.review}>
      <TripProgress files={files} />
      {trip.missing > 0 ? (
        <div className={styles.offer}>
          <p>
            {plural(trip.missing, "photo is", "photos are")} not uploaded yet. The browser cannot open them again by
            itself: Choose the same photos again to finish.
          </p>
          <FileChoice name="trip-files-again" variant="secondary" onFiles={chooseAgain}>
            Choose them again
          </FileChoice>
        </div>
      ) : null}
      {note ? <p role="alert">{note}</p> : null}
      {trip.groups.map((group, index) => (
        <TripMemoryCard
          key={group.id}
          trip={trip}
          group={group}
          index={index}
          timelineId={timelineId}
          saved={trip.savedGroups.includes(group.id)}
          problem={problems[group.id]}
        />
      ))}
      {room > 0 && !saving ? (
        <FileChoice name="trip-files-more" variant="ghost" onFiles={(picked) => void choose(picked)}>
          Add more
        </FileChoice>
      ) : null}
      <div className={styles.sticky}>
        {saving && (waitingFor > 0 || trip.missing > 0) ? (
          <p className={styles.meta} role="status">
            Each memory is saved as soon as its photos are uploaded.
          </p>
        ) : null}
        <Button
          block
          needsNetwork
          busy={saving}
          busyLabel="Saving..."
          onClick={onSaveAll}
          disabled={pending.length === 0}
        >
          Save all ({plural(pending.length, "memory", "memories")})
        </Button>
      </div>
    </div>
  );
}
