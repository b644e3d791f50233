import { In, type DataSource } from "typeorm";
import { withAdvisoryLock } from "../../db/advisory-lock.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { Storage } from "../../lib/storage.js";
import { UUID_PATTERN } from "../../lib/uuid.js";
import { MediaFile, type MediaVariants } from "../../entities/media-file.entity.js";

const HOUR_MS = 60 * 60 * 1000;

/** Unattached uploads (no memory or profile uses them) are removed after this long. */
export const UNATTACHED_MAX_AGE_MS = HOUR_MS;

/** Every stored key of a row (the video file is both the original and the served variant). */
export function keysOf(row: Pick<MediaFile, "originalKey" | "variants">): string[] {
  return [...new Set([row.originalKey, ...Object.values(row.variants ?? {}).filter((k): k is string => !!k)])];
}

const FILE_ID = new RegExp(`(${UUID_PATTERN})`);

interface DeletedRow {
  id: string;
  original_key: string;
  variants: MediaVariants;
}

/** TypeORM answers a DELETE … RETURNING with [rows, rowCount]. */
export function deletedRows(raw: unknown): DeletedRow[] {
  return (Array.isArray(raw) && Array.isArray(raw[0]) ? raw[0] : []) as DeletedRow[];
}

export function keysOfDeleted(rows: DeletedRow[]): string[] {
  return rows.flatMap((r) => keysOf({ originalKey: r.original_key, variants: r.variants }));
}

export interface MediaSweeperDeps {
  ds: DataSource;
  clock: Clock;
  logger: Logger;
  storage: Storage;
  /** Removes stored files, logging (not throwing) a failure: the next sweep retries. */
  removeFiles: (keys: string[]) => Promise<void>;
}

/**
 * The orphan sweeper of docs/decisions/004-media-pipeline.md: uploads no memory or profile took,
 * and files no row references, removed once old enough; run on a schedule
 * (docs/decisions/021-durable-jobs.md) in one process at a time (docs/decisions/019-scaling-out.md).
 */
export class MediaSweeper {
  constructor(private readonly deps: MediaSweeperDeps) {}

  /**
   * Deletes unattached rows older than `olderThanMs` (never one a memory or profile references)
   * with their files, then files with no row (or no longer referenced by their row) older than
   * `fileGraceMs` — a file is written just before its row, so young files are left alone.
   */
  async sweep(olderThanMs = UNATTACHED_MAX_AGE_MS, fileGraceMs = HOUR_MS): Promise<{ rows: number; files: number }> {
    const now = this.deps.clock.now().getTime();
    const cutoff = new Date(now - olderThanMs);
    const stale = deletedRows(
      await this.deps.ds.query(
        `DELETE FROM media_files f
          WHERE f.attached = false AND f.created_at < $1
            AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.media_id = f.id)
            AND NOT EXISTS (SELECT 1 FROM memory_media mm WHERE mm.media_file_id = f.id)
            AND NOT EXISTS (SELECT 1 FROM users u WHERE u.profile_photo_id = f.id)
          RETURNING f.id, f.original_key, f.variants`,
        [cutoff],
      ),
    );
    await this.deps.removeFiles(keysOfDeleted(stale));

    // Files: group by the row id in their name, then look the rows up in batches.
    const fileCutoff = now - fileGraceMs;
    let files = 0;
    let batch: { key: string; id: string | null }[] = [];
    const flush = async () => {
      const ids = [...new Set(batch.map((b) => b.id).filter((x): x is string => !!x))];
      const rows = ids.length
        ? await this.deps.ds
            .getRepository(MediaFile)
            .find({ select: { id: true, originalKey: true, variants: true }, where: { id: In(ids) } })
        : [];
      const referenced = new Set(rows.flatMap(keysOf));
      const doomed = batch.filter((b) => !referenced.has(b.key)).map((b) => b.key);
      await this.deps.removeFiles(doomed);
      files += doomed.length;
      batch = [];
    };
    for await (const file of this.deps.storage.list()) {
      if (file.mtime.getTime() > fileCutoff) continue;
      batch.push({ key: file.key, id: file.key.startsWith("tmp/") ? null : (FILE_ID.exec(file.key)?.[1] ?? null) });
      if (batch.length >= 500) await flush();
    }
    if (batch.length) await flush();
    if (stale.length || files) this.deps.logger.info({ rows: stale.length, files }, "media sweeper removed orphans");
    return { rows: stale.length, files };
  }

  /**
   * `sweep` in one process at a time: processes sharing the database (and the bucket)
   * take a PostgreSQL advisory lock; while one sweeps, the others skip (`null`).
   */
  async sweepExclusive(olderThanMs?: number, fileGraceMs?: number): Promise<{ rows: number; files: number } | null> {
    const result = await withAdvisoryLock(this.deps.ds, "keepsake:media-sweeper", () =>
      this.sweep(olderThanMs, fileGraceMs),
    );
    if (!result.ran) this.deps.logger.debug("media sweeper skipped: another process is sweeping");
    return result.ran ? result.value : null;
  }
}
