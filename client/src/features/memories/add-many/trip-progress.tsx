import styles from "./trip-review.module.css";
import type { TripFileState } from "./use-trip";

/** "12 of 40 uploaded", with the files skipped as already in the timeline, refused or failed. */
export function TripProgress({ files }: { files: TripFileState[] }) {
  const count = (status: TripFileState["status"]) => files.filter((f) => f.status === status).length;
  const duplicates = count("duplicate");
  const refused = count("refused");
  const failed = count("failed");
  const total = files.length - duplicates - refused;
  const uploaded = count("uploaded");
  const extras = [
    duplicates ? `${duplicates} already in this timeline` : null,
    refused ? `${refused} refused` : null,
    failed ? `${failed} failed` : null,
  ].filter(Boolean);
  return (
    <div className={styles.progress}>
      <progress className={styles.bar} max={Math.max(total, 1)} value={uploaded} aria-label="Uploaded" />
      <p role="status" aria-live="polite" style={{ margin: 0 }}>
        {uploaded} of {total} uploaded{extras.length ? ` · ${extras.join(" · ")}` : ""}
      </p>
    </div>
  );
}
