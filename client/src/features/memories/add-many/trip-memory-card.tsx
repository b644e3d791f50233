import { ALREADY_IN_TIMELINE } from "@keepsake/contract";
import { format, parseISO } from "date-fns";
import { useState } from "react";
import { Button, ButtonLink } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { memoryUrl } from "../api/find-duplicate";
import * as grouping from "./trip-groups";
import styles from "./trip-review.module.css";
import type { GroupProblem } from "./use-save-all";
import type { Trip, TripFileState } from "./use-trip";

interface TripMemoryCardProps {
  trip: Trip;
  group: grouping.TripGroup;
  index: number;
  timelineId: string;
  saved: boolean;
  problem?: GroupProblem;
}

const STATE_LABEL: Partial<Record<TripFileState["status"], string>> = {
  waiting: "Waiting",
  "needs-file": "Choose again",
  failed: "Failed",
  refused: "Refused",
  duplicate: "Already here",
};

/** One memory of the trip: its day, its photos (tap one to move it), its texts, split and merge. */
export function TripMemoryCard({ trip, group, index, timelineId, saved, problem }: TripMemoryCardProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const { groups } = trip;
  const headingId = `${group.id}-day`;
  const position = selected ? group.keys.indexOf(selected) : -1;
  const day = format(parseISO(group.day), "EEEE d MMMM yyyy");
  const files = group.keys.map((key) => trip.files[key]).filter((f): f is TripFileState => !!f);
  const notes = files.filter((f) => f.status === "failed" || f.status === "refused" || f.status === "duplicate");
  const change = (next: (all: grouping.TripGroup[]) => grouping.TripGroup[]) => trip.setGroups(next);

  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid="trip-memory">
      <div>
        <h2 id={headingId}>{day}</h2>
        <p className={styles.meta}>
          Memory {index + 1} · {group.keys.length} {group.keys.length === 1 ? "photo" : "photos"}
          {saved ? " · Saved" : ""}
        </p>
      </div>
      <ul className={styles.grid} aria-label={`Photos of memory ${index + 1}`}>
        {files.map((file, n) => {
          const preview = trip.previewOf(file.key);
          const state = file.status === "uploading" ? `${file.percent}%` : STATE_LABEL[file.status];
          return (
            <li key={file.key}>
              <button
                type="button"
                className={styles.tile}
                aria-pressed={selected === file.key}
                aria-label={`${file.name}${n === 0 ? " (cover)" : ""}${state ? `, ${state}` : ""}`}
                onClick={() => setSelected(selected === file.key ? null : file.key)}
                disabled={saved}
              >
                {preview ? (
                  <img src={preview} alt="" loading="lazy" decoding="async" />
                ) : (
                  <span className={styles.tileName}>{file.name}</span>
                )}
                {state ? <span className={styles.tileState}>{state}</span> : null}
                {file.status === "uploading" || file.status === "uploaded" ? (
                  <span
                    className={styles.tileBar}
                    role="progressbar"
                    aria-label={`${file.name} uploaded`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={file.percent}
                    style={{ transform: `scaleX(${file.percent / 100})` }}
                  />
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {selected && position >= 0 && !saved ? (
        <div className={styles.tools} role="group" aria-label="Move the chosen photo">
          <Button
            variant="secondary"
            disabled={position === 0}
            onClick={() => change((all) => grouping.reorderPhoto(all, group.id, selected, -1))}
          >
            Earlier
          </Button>
          <Button
            variant="secondary"
            disabled={position === group.keys.length - 1}
            onClick={() => change((all) => grouping.reorderPhoto(all, group.id, selected, 1))}
          >
            Later
          </Button>
          <Button
            variant="secondary"
            disabled={!grouping.canMove(groups, group.id, -1)}
            onClick={() => {
              change((all) => grouping.movePhoto(all, group.id, selected, -1));
              setSelected(null);
            }}
          >
            To previous memory
          </Button>
          <Button
            variant="secondary"
            disabled={!grouping.canMove(groups, group.id, 1)}
            onClick={() => {
              change((all) => grouping.movePhoto(all, group.id, selected, 1));
              setSelected(null);
            }}
          >
            To next memory
          </Button>
          <Button
            variant="secondary"
            disabled={position === 0}
            onClick={() => {
              change((all) => grouping.splitGroup(all, group.id, position));
              setSelected(null);
            }}
          >
            New memory from here
          </Button>
        </div>
      ) : null}
      {notes.length > 0 ? (
        <ul className={styles.notes}>
          {notes.map((file) => (
            <li key={file.key} className={file.status === "duplicate" ? undefined : styles.failed}>
              <span>
                {file.name}: {file.status === "duplicate" ? ALREADY_IN_TIMELINE : file.error}
              </span>
              {file.status === "failed" ? (
                <Button variant="secondary" onClick={() => trip.retry(file.key)} aria-label={`Retry ${file.name}`}>
                  Retry
                </Button>
              ) : null}
              {file.status === "duplicate" && file.duplicateOf ? (
                <ButtonLink variant="ghost" to={memoryUrl(timelineId, file.duplicateOf)}>
                  Open it
                </ButtonLink>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <TextField
        label="Caption"
        value={group.caption}
        max={500}
        disabled={saved}
        onChange={(caption) => trip.editGroup(group.id, { caption })}
      />
      <TextField
        label="Location"
        value={group.location}
        max={200}
        disabled={saved}
        onChange={(location) => trip.editGroup(group.id, { location, locationTouched: true })}
      />
      <TextField
        label="Why this moment matters"
        value={group.meaning}
        max={1000}
        multiline
        rows={3}
        disabled={saved}
        onChange={(meaning) => trip.editGroup(group.id, { meaning })}
      />
      {problem ? (
        <p className={styles.failed} role="alert">
          {problem.message}{" "}
          {problem.duplicateOf ? (
            <ButtonLink variant="ghost" to={memoryUrl(timelineId, problem.duplicateOf)}>
              Open it
            </ButtonLink>
          ) : null}
        </p>
      ) : null}
      {saved ? null : (
        <div className={styles.tools}>
          <Button
            variant="ghost"
            disabled={group.keys.length < 2}
            onClick={() => change((all) => grouping.splitGroup(all, group.id))}
          >
            Split
          </Button>
          <Button
            variant="ghost"
            disabled={!grouping.canMergeWithNext(groups, group.id)}
            onClick={() => change((all) => grouping.mergeWithNext(all, group.id))}
          >
            Merge with next
          </Button>
        </div>
      )}
    </section>
  );
}
