import type { DataSource, EntityManager } from "typeorm";
import type { Env } from "../../config/env.js";
import { AppError } from "../../lib/errors.js";
import { MediaReads } from "./media.reads.js";
import { consumeAll, createRateLimiter, limitError, waitText, type RateLimiter } from "../../lib/rate-limit.js";

const MB = 1024 * 1024;
/** Bytes per point of the daily bytes counter (its points column is a 32-bit integer). */
const KB = 1024;

/** The window of `UPLOAD_RATE_LIMIT` (uploads per account), in seconds. */
export const UPLOAD_WINDOW_SEC = 10 * 60;
/** The window of `UPLOAD_DAILY_LIMIT` and `UPLOAD_DAILY_MB`, in seconds. */
export const UPLOAD_DAY_SEC = 24 * 60 * 60;

/** What an admitted upload may still take: the storage left, and the bytes left for today. */
export interface Admission {
  /** Bytes the person may still store (`USER_STORAGE_QUOTA_MB`). */
  remaining: number;
  /** Bytes the person may still send today (`UPLOAD_DAILY_MB`). */
  todayRemaining: number;
  /** The 429 for a stream that grows past today's bytes, with the wait until the day's window ends. */
  todayError: () => AppError;
}

export const LIMIT_MESSAGES = {
  rate: (retryAfter: number) => `Too many uploads. Please try again in ${waitText(retryAfter)}.`,
  quota: (quotaMb: number) =>
    `Not enough storage space left for this file (your limit is ${sizeText(quotaMb)}). Delete some memories to make room.`,
} as const;

function sizeText(mb: number): string {
  return mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`;
}

/**
 * Per-account abuse limits on uploads (docs/decisions/004-media-pipeline.md, "Limits", and
 * 050-trip-uploads.md): `UPLOAD_RATE_LIMIT` files per 10 minutes and `UPLOAD_DAILY_LIMIT` per day
 * (every file received counts: refused ones too), `UPLOAD_DAILY_MB` bytes received per day (counted
 * as they arrive, refused files too), and `USER_STORAGE_QUOTA_MB` for everything a person has
 * stored (originals and variants, from `media_files.stored_bytes`). Rates and bytes answer 429
 * RATE_LIMITED; the storage quota 413 QUOTA_EXCEEDED.
 */
export class UploadLimits {
  readonly quotaBytes: number;
  private readonly quotaMb: number;
  private readonly rate: RateLimiter;
  private readonly daily: RateLimiter;
  private readonly dailyBytes: RateLimiter;
  private readonly reads: MediaReads;

  constructor(
    private readonly ds: DataSource,
    env: Pick<Env, "UPLOAD_RATE_LIMIT" | "UPLOAD_DAILY_LIMIT" | "UPLOAD_DAILY_MB" | "USER_STORAGE_QUOTA_MB">,
  ) {
    this.reads = new MediaReads(ds);
    this.quotaMb = env.USER_STORAGE_QUOTA_MB;
    this.quotaBytes = env.USER_STORAGE_QUOTA_MB * MB;
    this.rate = createRateLimiter(ds, {
      name: "upload-account-10m",
      points: env.UPLOAD_RATE_LIMIT,
      durationSec: UPLOAD_WINDOW_SEC,
    });
    this.daily = createRateLimiter(ds, {
      name: "upload-account-day",
      points: env.UPLOAD_DAILY_LIMIT,
      durationSec: UPLOAD_DAY_SEC,
    });
    this.dailyBytes = createRateLimiter(ds, {
      name: "upload-account-day-kb",
      points: env.UPLOAD_DAILY_MB * (MB / KB),
      durationSec: UPLOAD_DAY_SEC,
    });
  }

  /**
   * Before any byte is kept: refuses when today's bytes are used up, counts one upload against
   * the burst and the daily rate (429 RATE_LIMITED when over either), and answers how many bytes
   * the person may still store (413 QUOTA_EXCEEDED when none) and still send today. `count`
   * false: the file was counted already (a resumable upload, when it was created).
   */
  async admit(ownerId: string, count = true): Promise<Admission> {
    const bytes = await this.dailyBytes.peek(ownerId);
    if (bytes.blocked) throw limitError(LIMIT_MESSAGES.rate(bytes.retryAfter), bytes.retryAfter, bytes.resetTime);
    if (count)
      await consumeAll(
        [
          { limiter: this.rate, key: ownerId },
          { limiter: this.daily, key: ownerId },
        ],
        LIMIT_MESSAGES.rate,
      );
    const todayRemaining = (this.dailyBytes.rule.points - bytes.used) * KB;
    // No bytes yet today: the window starts with this upload's.
    const resetTime = bytes.used ? bytes.resetTime : new Date(Date.now() + UPLOAD_DAY_SEC * 1000);
    const todayError = () => {
      const retryAfter = Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000));
      return limitError(LIMIT_MESSAGES.rate(retryAfter), retryAfter, resetTime);
    };
    return { remaining: await this.remaining(ownerId), todayRemaining, todayError };
  }

  /** Counts the bytes an upload sent (stored or refused) against `UPLOAD_DAILY_MB`. */
  async received(ownerId: string, bytes: number): Promise<void> {
    await this.dailyBytes.add(ownerId, Math.ceil(bytes / KB));
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
