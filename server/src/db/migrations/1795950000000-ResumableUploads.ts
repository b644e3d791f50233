import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Resumable uploads shared by every app process (docs/decisions/056-resumable-uploads-shared.md):
 * a row per tus upload, keyed by its id and owned by its uploader, written when the upload is
 * created and holding its outcome once the last byte is in (`processing`, then `done` with the
 * media row, or `failed` with the refusal), so `GET {Location}/result` is answered by any process.
 * `claimed_at` is when a process began ingesting it (one still `processing` long after was
 * left by a process that died, and is ingested again). `expires_at` is 24 h after creation while
 * bytes are awaited, then 24 h after the outcome; the media sweep removes expired rows and the
 * parts of uploads never finished.
 */
export class ResumableUploads1795950000000 implements MigrationInterface {
  name = "ResumableUploads1795950000000";

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "resumable_uploads" (
        "id" varchar(64) PRIMARY KEY,
        "owner_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
        "state" varchar(16) NOT NULL DEFAULT 'receiving'
          CHECK ("state" IN ('receiving', 'processing', 'done', 'failed')),
        "media_id" uuid,
        "place" text,
        "error" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "claimed_at" timestamptz,
        "expires_at" timestamptz NOT NULL
      )`,
    );
    await q.query(`CREATE INDEX "resumable_uploads_expires_at" ON "resumable_uploads" ("expires_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "resumable_uploads"`);
  }
}
