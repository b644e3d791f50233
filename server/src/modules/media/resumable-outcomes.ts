import type { DataSource } from "typeorm";
import { AppError, isAppError, type ErrorCode } from "../../lib/errors.js";
import { MediaReads } from "./media.reads.js";
import type { Ingested } from "./media.service.js";

/** What `GET {Location}/result` answers: still processing, the upload result, or the refusal. */
export type Outcome =
  | { state: "receiving" }
  | { state: "processing"; stale: boolean }
  | { state: "done"; ingested: Ingested }
  | { state: "failed"; error: unknown };

/** A refusal as stored: an AppError's code, message and details; anything else answers 500. */
interface StoredError {
  code: ErrorCode | null;
  message?: string;
  details?: Record<string, unknown>;
}

/** An ingest still running after this long was left by a process that died: it is done again. */
export const STALE_INGEST_MS = 15 * 60 * 1000;

interface Row {
  state: "receiving" | "processing" | "done" | "failed";
  stale: boolean;
  media_id: string | null;
  place: string | null;
  error: StoredError | null;
}

/**
 * The resumable uploads' rows in PostgreSQL (docs/decisions/056-resumable-uploads-shared.md): one
 * per upload, owned by its uploader, so whichever process a request reaches knows the upload and
 * its outcome. Read only with the owner's id: anyone else's upload is not found.
 */
export class ResumableOutcomes {
  private readonly media: MediaReads;

  constructor(
    private readonly ds: DataSource,
    private readonly lifetimeMs: number,
  ) {
    this.media = new MediaReads(ds);
  }

  /** A new upload, awaiting its bytes until `lifetimeMs` from now. */
  async created(id: string, ownerId: string): Promise<void> {
    await this.ds.query(
      `INSERT INTO resumable_uploads (id, owner_id, expires_at)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (id) DO NOTHING`,
      [id, ownerId, this.lifetimeMs],
    );
  }

  /**
   * The last byte is in: claims the upload for ingestion. False when it was already claimed (a
   * finish seen twice), so exactly one process ingests it.
   */
  async claim(id: string, ownerId: string): Promise<boolean> {
    const rows = (await this.ds.query(
      `INSERT INTO resumable_uploads (id, owner_id, state, claimed_at, expires_at)
       VALUES ($1, $2, 'processing', now(), now() + $3 * interval '1 millisecond')
       ON CONFLICT (id) DO UPDATE SET state = 'processing', claimed_at = now(), expires_at = EXCLUDED.expires_at
         WHERE resumable_uploads.state = 'receiving'
       RETURNING id`,
      [id, ownerId, this.lifetimeMs],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Claims again an upload whose ingest went stale (its process died); false when another did. */
  async reclaim(id: string): Promise<boolean> {
    const raw: unknown = await this.ds.query(
      `UPDATE resumable_uploads SET claimed_at = now()
        WHERE id = $1 AND state = 'processing' AND claimed_at < now() - $2 * interval '1 millisecond'
        RETURNING id`,
      [id, STALE_INGEST_MS],
    );
    return deletedRowsOf(raw).length > 0;
  }

  async done(id: string, { media, place }: Ingested): Promise<void> {
    await this.ds.query(
      `UPDATE resumable_uploads SET state = 'done', media_id = $2, place = $3,
         expires_at = now() + $4 * interval '1 millisecond' WHERE id = $1`,
      [id, media.id, place, this.lifetimeMs],
    );
  }

  async failed(id: string, error: unknown): Promise<void> {
    const stored: StoredError = isAppError(error)
      ? { code: error.code, message: error.message, details: error.details }
      : { code: null };
    await this.ds.query(
      `UPDATE resumable_uploads SET state = 'failed', error = $2,
         expires_at = now() + $3 * interval '1 millisecond' WHERE id = $1`,
      [id, JSON.stringify(stored), this.lifetimeMs],
    );
  }

  /** The owner's upload's outcome; null for one unknown, expired, someone else's, or whose media is gone. */
  async read(id: string, ownerId: string): Promise<Outcome | null> {
    const rows = (await this.ds.query(
      `SELECT state, media_id, place, error,
              coalesce(claimed_at < now() - $3 * interval '1 millisecond', false) AS stale
         FROM resumable_uploads WHERE id = $1 AND owner_id = $2 AND expires_at > now()`,
      [id, ownerId, STALE_INGEST_MS],
    )) as Row[];
    const row = rows[0];
    if (!row) return null;
    if (row.state === "receiving") return { state: "receiving" };
    if (row.state === "processing") return { state: "processing", stale: row.stale };
    if (row.state === "failed") {
      const e = row.error ?? { code: null };
      return {
        state: "failed",
        error: e.code ? new AppError(e.code, e.message ?? "", e.details ?? {}) : new Error("resumable upload failed"),
      };
    }
    // the uploader's own media row (gone once swept unattached, or deleted)
    const media = row.media_id ? await this.media.own({ userId: ownerId }, row.media_id) : null;
    return media ? { state: "done", ingested: { media, place: row.place } } : null;
  }

  /** Removes up to `limit` expired rows; answers the ids of those whose bytes never all came. */
  async expire(limit = 500): Promise<{ removed: number; unfinished: string[] }> {
    const raw: unknown = await this.ds.query(
      `DELETE FROM resumable_uploads WHERE id IN (
         SELECT id FROM resumable_uploads WHERE expires_at <= now() ORDER BY expires_at LIMIT $1
       ) RETURNING id, state`,
      [limit],
    );
    const deleted = deletedRowsOf<{ id: string; state: Row["state"] }>(raw);
    return { removed: deleted.length, unfinished: deleted.filter((r) => r.state === "receiving").map((r) => r.id) };
  }

  /** An upload terminated by its owner (tus DELETE). */
  async forget(id: string): Promise<void> {
    await this.ds.query(`DELETE FROM resumable_uploads WHERE id = $1`, [id]);
  }
}

/** TypeORM answers an UPDATE or DELETE … RETURNING with [rows, rowCount]. */
function deletedRowsOf<T>(raw: unknown): T[] {
  return (Array.isArray(raw) && Array.isArray(raw[0]) ? raw[0] : []) as T[];
}
