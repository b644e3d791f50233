import crypto from "node:crypto";
import { Server } from "@tus/server";
import type { DataStore } from "@tus/utils";
import type { DataSource } from "typeorm";
import { poolOf } from "../../db/data-source.js";
import { badInput, isAppError, tooLarge, type AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import { MESSAGES } from "./upload-gate.js";
import type { MediaService } from "./media.service.js";
import { PgUploadLocker } from "./pg-upload-locker.js";
import { ResumableOutcomes, type Outcome } from "./resumable-outcomes.js";
import { readUpload, uploadStore } from "./resumable-stores.js";

export type { Outcome } from "./resumable-outcomes.js";

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

/** The owner part of an upload id: the user's uuid without dashes (32 hex digits). */
export function ownerPart(userId: string): string {
  return userId.replace(/-/g, "").toLowerCase();
}

/** The owner's uuid inside an upload id, or null for an id that is not one of ours. */
function ownerOf(uploadId: string): string | null {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})[0-9a-f]{32}$/.exec(uploadId);
  return m ? m.slice(1).join("-") : null;
}

export interface ResumableUploadsDeps {
  ds: DataSource;
  dataDir: string;
  appUrl: string;
  logger: Logger;
}

/**
 * Resumable uploads (docs/decisions/050-trip-uploads.md) with @tus/server, shared by every app
 * process on one database (docs/decisions/056-resumable-uploads-shared.md): the bytes arrive in
 * PATCHes of at most 8 MiB, to whichever process, and survive a dropped connection; they wait in
 * the media bucket (or `DATA_DIR/uploads` with media on the disk, resumable-stores.ts), each
 * request on an upload under its PostgreSQL advisory lock (pg-upload-locker.ts). Once the last byte
 * is in, the process that received it ingests the file as `POST /api/upload/file` does (type from
 * content, size limits, quota, variants, the place), in the background, and writes its outcome to
 * PostgreSQL (resumable-outcomes.ts), where any process reads it for the upload's `/result`. Ids
 * start with the owner's, so a request for someone else's upload is refused before the tus server
 * sees it.
 */
export class ResumableUploads {
  readonly outcomes: ResumableOutcomes;
  private readonly locker: PgUploadLocker;
  private server: Promise<{ tus: Server; store: DataStore }> | null = null;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly media: MediaService,
    private readonly deps: ResumableUploadsDeps,
  ) {
    this.outcomes = new ResumableOutcomes(deps.ds, RESUMABLE_EXPIRY_MS);
    this.locker = new PgUploadLocker(poolOf(deps.ds).options, deps.logger);
  }

  /** The tus server, built on first use (with media in a bucket, its store loads the S3 SDK). */
  tus(): Promise<{ tus: Server; store: DataStore }> {
    this.server ??= this.build().catch((err: unknown) => {
      this.server = null;
      throw err;
    });
    return this.server;
  }

  private async build(): Promise<{ tus: Server; store: DataStore }> {
    const store = await uploadStore(this.media.storage, this.deps.dataDir, RESUMABLE_EXPIRY_MS);
    const owner = (req: Request): string => {
      const id = req.headers.get(OWNER_HEADER);
      if (!id) throw new Error("resumable upload without its owner");
      return id;
    };
    const tus = new Server({
      path: RESUMABLE_PATH,
      datastore: store,
      locker: this.locker,
      relativeLocation: true,
      maxSize: this.media.limits.videoBytes,
      allowedOrigins: [new URL(this.deps.appUrl).origin],
      allowedCredentials: true,
      disableTerminationForFinishedUploads: true,
      namingFunction: (req) => ownerPart(owner(req)) + crypto.randomBytes(16).toString("hex"),
      onUploadCreate: async (req, upload) => {
        await this.outcomes.created(upload.id, owner(req));
        return {};
      },
      onUploadFinish: async (req, upload) => {
        if (await this.outcomes.claim(upload.id, owner(req))) this.process(store, upload.id);
        return {};
      },
      onResponseError: (_req, err) => {
        if ("status_code" in err) return undefined;
        this.deps.logger.error({ err }, "resumable upload failed");
        return { status_code: 500, body: "Internal server error\n" };
      },
    });
    return { tus, store };
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

  /**
   * The outcome of `userId`'s upload, from whichever process finished it; null for one unknown
   * here (or expired). An ingest left by a process that died is begun again here.
   */
  async outcome(userId: string, uploadId: string): Promise<Outcome | null> {
    const outcome = await this.outcomes.read(uploadId, userId);
    if (outcome?.state === "processing" && outcome.stale && (await this.outcomes.reclaim(uploadId))) {
      this.deps.logger.warn({ event: "resumable_ingest_again" }, "a stale resumable upload is ingested again");
      this.process((await this.tus()).store, uploadId);
    }
    return outcome;
  }

  /**
   * Ingests a complete upload in the background; its parts are removed once its outcome is
   * written (until then another process may have to ingest it again).
   */
  private process(store: DataStore, uploadId: string): void {
    const userId = ownerOf(uploadId);
    if (!userId) return;
    const job = readUpload(store, uploadId)
      .then((stream) => this.media.ingestWithPlace({ userId }, { stream }, { admitted: true }))
      .then(
        (ingested) => this.outcomes.done(uploadId, ingested),
        (error: unknown) => {
          if (!isAppError(error)) {
            this.deps.logger.error({ err: error }, "resumable upload could not be ingested");
          }
          return this.outcomes.failed(uploadId, error);
        },
      )
      .then(
        () => store.remove(uploadId).catch(() => undefined),
        (err: unknown) => this.deps.logger.error({ err }, "resumable upload outcome not written"),
      )
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Waits for the uploads being ingested (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  /**
   * Removes uploads not finished within a day, with their parts (the media sweep runs it): the
   * expired rows, then whatever the store itself finds expired (parts whose row went first).
   */
  async sweepExpired(): Promise<number> {
    const { store, tus } = await this.tus();
    let removed = 0;
    for (;;) {
      const expired = await this.outcomes.expire();
      for (const id of expired.unfinished) {
        const gone = await store.remove(id).then(
          () => true,
          () => false, // terminated by its owner already, or removed by the store's own expiry
        );
        if (gone) removed++;
      }
      if (expired.removed < 500) break;
    }
    return removed + (await tus.cleanUpExpiredUploads());
  }

  /** Waits for ingests under way, then lets go of the lock connections (app stop). */
  async close(): Promise<void> {
    await this.settled();
    await this.locker.close();
  }
}
