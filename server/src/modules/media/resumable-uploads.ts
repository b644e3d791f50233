import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { Server } from "@tus/server";
import { LRUCache } from "lru-cache";
import { badInput, notFound, tooLarge, type AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { MESSAGES } from "./upload-gate.js";
import type { Ingested, MediaService } from "./media.service.js";

/** Where resumable uploads live (tus 1.0.0: core, creation, termination, expiration). */
export const RESUMABLE_PATH = "/api/uploads";
/** The largest PATCH body: clients send the file in chunks of at most 8 MiB. */
export const CHUNK_MAX_BYTES = 8 * 1024 * 1024;
/** An upload not finished within a day expires (announced in `Upload-Expires`) and is swept. */
export const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;
/**
 * The session's user, handed by the router to the tus server's naming function (any value the
 * client sent under this name is dropped first).
 */
export const OWNER_HEADER = "x-keepsake-upload-owner";

export const RESUMABLE_MESSAGES = {
  chunk: "Send the file in chunks of at most 8 MiB.",
  length: "Say the file's size in Upload-Length when creating the upload.",
} as const;

/** What `GET {Location}/result` answers: still processing, the upload result, or the refusal. */
export type Outcome =
  { state: "processing" } | { state: "done"; ingested: Ingested } | { state: "failed"; error: unknown };

/** The owner part of an upload id: the user's uuid without dashes (32 hex digits). */
export function ownerPart(userId: string): string {
  return userId.replace(/-/g, "").toLowerCase();
}

/** The owner's uuid inside an upload id, or null for an id that is not one of ours. */
function ownerOf(uploadId: string): string | null {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})[0-9a-f]{32}$/.exec(uploadId);
  return m ? m.slice(1).join("-") : null;
}

/**
 * Resumable uploads (docs/decisions/050-trip-uploads.md) with @tus/server and its file store in
 * `DATA_DIR/uploads`: the bytes arrive in PATCHes of at most 8 MiB and survive a dropped
 * connection; once the last byte is in, the file goes through the same ingest as
 * `POST /api/upload/file` (type from content, size limits, quota, variants, the place), in the
 * background, and its outcome is kept for the upload's `/result` for a day. Ids start with the
 * owner's, so a request for someone else's upload is refused before the tus server sees it.
 */
export class ResumableUploads {
  readonly tus: Server;
  private readonly store: FileStore;
  private readonly outcomes = new LRUCache<string, Outcome>({ max: 20_000, ttl: RESUMABLE_EXPIRY_MS });
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly media: MediaService,
    dataDir: string,
    appUrl: string,
    private readonly logger: Logger,
  ) {
    const directory = path.join(dataDir, "uploads");
    fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
    this.store = new FileStore({ directory, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS });
    this.tus = new Server({
      path: RESUMABLE_PATH,
      datastore: this.store,
      relativeLocation: true,
      maxSize: media.limits.videoBytes,
      allowedOrigins: [new URL(appUrl).origin],
      allowedCredentials: true,
      disableTerminationForFinishedUploads: true,
      namingFunction: (req) => {
        const owner = req.headers.get(OWNER_HEADER);
        if (!owner) throw new Error("resumable upload without its owner");
        return ownerPart(owner) + crypto.randomBytes(16).toString("hex");
      },
      onUploadFinish: async (_req, upload) => {
        this.process(upload.id);
        return {};
      },
      onResponseError: (_req, err) => {
        if ("status_code" in err) return undefined;
        this.logger.error({ err }, "resumable upload failed");
        return { status_code: 500, body: "Internal server error\n" };
      },
    });
  }

  /** Whether `uploadId` is one of `userId`'s uploads (any other answers 404, as a missing one). */
  owns(userId: string, uploadId: string): boolean {
    return ownerOf(uploadId) === userId;
  }

  /**
   * Before an upload is created: its declared size must fit the largest file, the person's
   * remaining storage and today's bytes; it counts as one upload against the rates
   * (429 RATE_LIMITED, 413 PAYLOAD_TOO_LARGE / QUOTA_EXCEEDED, as `POST /api/upload/file`).
   */
  async admitCreation(userId: string, uploadLength: string | undefined): Promise<void> {
    if (!uploadLength || !/^\d{1,15}$/.test(uploadLength)) throw badInput(RESUMABLE_MESSAGES.length);
    const length = Number(uploadLength);
    if (length === 0) throw badInput(MESSAGES.empty);
    if (length > this.media.limits.videoBytes) throw tooLarge(MESSAGES.tooLarge);
    const admission = await this.media.uploadLimits.admit(userId);
    const refusal: AppError | null =
      length > admission.remaining
        ? this.media.uploadLimits.quotaError()
        : length > admission.todayRemaining
          ? admission.todayError()
          : null;
    if (refusal) throw refusal;
  }

  /** The outcome of a finished upload; NOT_FOUND for one unknown here (or expired). */
  outcome(uploadId: string): Outcome {
    const outcome = this.outcomes.get(uploadId);
    if (!outcome) throw notFound("Upload not found");
    return outcome;
  }

  /** Ingests a complete upload in the background; its file is removed once read. */
  private process(uploadId: string): void {
    const userId = ownerOf(uploadId);
    if (!userId) return;
    this.outcomes.set(uploadId, { state: "processing" });
    const job = this.media
      .ingestWithPlace(
        { userId },
        { stream: fs.createReadStream(path.join(this.store.directory, uploadId)) },
        { admitted: true },
      )
      .then(
        (ingested) => void this.outcomes.set(uploadId, { state: "done", ingested }),
        (error: unknown) => void this.outcomes.set(uploadId, { state: "failed", error }),
      )
      .finally(async () => {
        await this.store.remove(uploadId).catch(() => undefined);
        this.running.delete(job);
      });
    this.running.add(job);
  }

  /** Waits for the uploads being ingested (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  /** Removes the parts of uploads not finished within a day (the media sweep runs it). */
  sweepExpired(): Promise<number> {
    return this.tus.cleanUpExpiredUploads();
  }
}
