import type { DataSource, EntityManager } from "typeorm";
import type { Env } from "../../config/env.js";
import { AppError } from "../../lib/errors.js";
import { MediaReads } from "./media.reads.js";
import { consumeAll, createRateLimiter, waitText, type RateLimiter } from "../../lib/rate-limit.js";

const MB = 1024 * 1024;

/** The window of `UPLOAD_RATE_LIMIT` (uploads per account), in seconds. */
export const UPLOAD_WINDOW_SEC = 10 * 60;

export const LIMIT_MESSAGES = {
  rate: (retryAfter: number) => `Too many uploads. Please try again in ${waitText(retryAfter)}.`,
  quota: (quotaMb: number) =>
    `Not enough storage space left for this file (your limit is ${sizeText(quotaMb)}). Delete some memories to make room.`,
} as const;

function sizeText(mb: number): string {
  return mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`;
}

/**
 * Per-account abuse limits on uploads (docs/decisions/004-media-pipeline.md, "Limits"):
 * `UPLOAD_RATE_LIMIT` files per 10 minutes (every file received counts: refused ones too, and
 * poster frames), and `USER_STORAGE_QUOTA_MB` for everything a person has stored (originals and
 * variants, from `media_files.stored_bytes`).
 */
export class UploadLimits {
  readonly quotaBytes: number;
  private readonly quotaMb: number;
  private readonly rate: RateLimiter;
  private readonly reads: MediaReads;

  constructor(
    private readonly ds: DataSource,
    env: Pick<Env, "UPLOAD_RATE_LIMIT" | "USER_STORAGE_QUOTA_MB">,
  ) {
    this.reads = new MediaReads(ds);
    this.quotaMb = env.USER_STORAGE_QUOTA_MB;
    this.quotaBytes = env.USER_STORAGE_QUOTA_MB * MB;
    this.rate = createRateLimiter(ds, {
      name: "upload-account-10m",
      points: env.UPLOAD_RATE_LIMIT,
      durationSec: UPLOAD_WINDOW_SEC,
    });
  }

  /**
   * Before any byte is kept: counts one upload against the rate (429 RATE_LIMITED when over) and
   * answers how many bytes the person may still store (413 QUOTA_EXCEEDED when none).
   */
  async admit(ownerId: string): Promise<number> {
    await consumeAll([{ limiter: this.rate, key: ownerId }], LIMIT_MESSAGES.rate);
    return this.remaining(ownerId);
  }

  /** Bytes the person may still store; throws QUOTA_EXCEEDED when there are none. */
  async remaining(ownerId: string): Promise<number> {
    const left = this.quotaBytes - (await this.used(ownerId));
    if (left <= 0) throw this.quotaError();
    return left;
  }

  /** The bytes a person's media takes (originals and variants), as recorded in the database. */
  used(ownerId: string, manager?: EntityManager): Promise<number> {
    return this.reads.storedBytes({ userId: ownerId }, manager);
  }

  /**
   * Runs `write` (the row's insert) in a transaction that holds the owner's quota lock, only if
   * `storedBytes` more still fit: two parallel uploads cannot both take the last free space.
   */
  async withinQuota(ownerId: string, storedBytes: number, write: (m: EntityManager) => Promise<void>): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('keepsake/media-quota/' || $1))`, [ownerId]);
      if ((await this.used(ownerId, m)) + storedBytes > this.quotaBytes) throw this.quotaError();
      await write(m);
    });
  }

  quotaError(): AppError {
    return new AppError("QUOTA_EXCEEDED", LIMIT_MESSAGES.quota(this.quotaMb), { quotaMb: this.quotaMb });
  }
}
