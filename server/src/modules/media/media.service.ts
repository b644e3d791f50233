import crypto from "node:crypto";
import type { FileUpload } from "graphql-upload-minimal";
import { In, type DataSource, type EntityManager } from "typeorm";
import type { Clock } from "../../lib/clock.js";
import { badInput, unauthenticated } from "../../lib/errors.js";
import { Ffmpeg, locateFfmpeg } from "../../lib/ffmpeg.js";
import { ImageError, imageExif, makeImageVariants, type ProcessedImage } from "../../lib/images.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { Logger } from "../../lib/logger.js";
import { resolveSessionSecret } from "../../lib/session-secret.js";
import { createStorage } from "../../lib/create-storage.js";
import type { Storage, TempFile } from "../../lib/storage.js";
import type { ServiceDeps } from "../../service-deps.js";
import { MediaReads, type MediaViewer } from "./media.reads.js";
import type { Asker } from "../access/access.service.js";
import { photoFacts, type CaptureFacts } from "./capture-facts.js";
import { placeName } from "./place-names.js";
import { MediaFile } from "../../entities/media-file.entity.js";
import { MediaStatus, MediaType } from "../../entities/media.enums.js";
import { mediaKeys as keys } from "./media-keys.js";
import { MEDIA_CACHE_MAX_SECONDS, UrlSigner, type MediaVariantName, type UrlSignerOptions } from "./media-signing.js";
import {
  DEFAULT_MEDIA_LIMITS,
  MESSAGES,
  UploadGate,
  uploadStreamError,
  type GateOptions,
  type MediaLimits,
} from "./upload-gate.js";
import { UploadLimits, type Admission } from "./upload-limits.js";
import { deletedRows, keysOfDeleted, MediaSweeper } from "./media-sweeper.js";
import { MEDIA_TRANSCODE_JOB, type TranscodeJob } from "./transcode.job.js";
import { LegacyVideos, VideoPipeline } from "./video-pipeline.js";
import { VideoTools } from "./video-tools.js";

export type { MediaVariantName } from "./media-signing.js";

export { DEFAULT_MEDIA_LIMITS, MESSAGES, type MediaLimits } from "./upload-gate.js";

export { UNATTACHED_MAX_AGE_MS } from "./media-sweeper.js";

export type { MediaViewer } from "./media.reads.js";

export interface MediaServiceOptions {
  storage?: Storage;
  limits?: Partial<MediaLimits>;
  urls?: UrlSignerOptions;
  /** Replaces the ffmpeg found from FFMPEG_PATH or the npm package (tests: one that is missing). */
  ffmpeg?: Ffmpeg;
}

/**
 * A stored upload, and the name of the place it was taken when the file said where
 * ("Lisbon, Portugal", from the position by place-names.ts; neither is stored: a suggestion).
 */
export interface Ingested {
  media: MediaFile;
  place: string | null;
}

/** Signed URLs of one media row, as the API hands them out. */
export interface MediaUrls {
  /** The display image, or the playable video (null while it is prepared, or when that failed). */
  url: string | null;
  thumbUrl: string | null;
  posterUrl: string | null;
}

/** A variant ready to stream to a viewer. */
export interface ServableVariant {
  media: MediaFile;
  key: string;
  contentType: string;
  size: number;
  mtime: Date;
}

/** By the served file's extension: transcoded copies are MP4; videos stored before them keep their container. */
const VIDEO_CONTENT_TYPE: Record<string, string> = { mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm" };

/** The signed-in uploader; an anonymous caller's stream is drained and refused. */
function ownerOf(owner: Asker, stream: NodeJS.ReadableStream): string {
  if (owner.userId) return owner.userId;
  stream.resume();
  throw unauthenticated();
}

/**
 * Media (docs/decisions/004-media-pipeline.md): ingest, variants, signed URLs, access-checked serving, removal and the
 * orphan sweeper. The only module that reads or writes media bytes.
 */
export class MediaService {
  readonly storage: Storage;
  readonly limits: MediaLimits;
  private readonly signer: UrlSigner;
  private readonly ds: DataSource;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly reads: MediaReads;
  private readonly sweeper: MediaSweeper;
  readonly uploadLimits: UploadLimits;
  readonly videos: VideoPipeline;
  readonly legacyVideos: LegacyVideos;
  private readonly jobs: JobQueue | null;

  constructor(deps: ServiceDeps, opts: MediaServiceOptions = {}) {
    this.ds = deps.ds;
    this.reads = new MediaReads(deps.ds);
    this.clock = deps.clock;
    this.logger = deps.logger;
    this.storage = opts.storage ?? createStorage(deps.env);
    this.limits = { ...DEFAULT_MEDIA_LIMITS, videoSeconds: deps.env.VIDEO_MAX_SECONDS, ...opts.limits };
    this.signer = new UrlSigner(resolveSessionSecret(deps.env), opts.urls);
    this.uploadLimits = new UploadLimits(deps.ds, deps.env);
    this.sweeper = new MediaSweeper({ ...deps, storage: this.storage, removeFiles: (keys) => this.removeFiles(keys) });
    this.jobs = deps.jobs ?? null;
    const videoDeps = {
      ds: deps.ds,
      storage: this.storage,
      logger: deps.logger,
      limits: this.limits,
      tools: new VideoTools(opts.ffmpeg ?? new Ffmpeg(locateFfmpeg(deps.env.FFMPEG_PATH))),
      makeStill: (frame: Buffer) => this.processImage(frame),
      queueTranscode: (mediaId: string) => this.queueTranscode(mediaId),
    };
    this.videos = new VideoPipeline(videoDeps);
    this.legacyVideos = new LegacyVideos(videoDeps, this.videos);
  }

  private get repo() {
    return this.ds.getRepository(MediaFile);
  }

  // ---- uploads ---------------------------------------------------------------------------

  /**
   * Validates and stores an upload for `owner`; returns the new, unattached row. The type is decided by
   * content; the size limit of that type is enforced while streaming. Images (HEIC and AVIF
   * too) get WebP display and thumb variants (oriented, no metadata); the original is kept
   * privately. Videos are kept as a copy without metadata, with a poster frame made here; one
   * that not every browser plays is transcoded by a background job (video-pipeline.ts).
   * Every upload first passes the per-account rate and storage quota (upload-limits.ts); a video
   * must parse as a real container (video-container.ts) no longer than `VIDEO_MAX_SECONDS`.
   * Throws BAD_USER_INPUT / PAYLOAD_TOO_LARGE / RATE_LIMITED / QUOTA_EXCEEDED (and
   * SERVICE_UNAVAILABLE for a video where no ffmpeg runs); nothing is left on disk after a refusal.
   * `filename` is informational only: it never decides the type or a storage key.
   */
  async ingest(owner: Asker, input: { stream: NodeJS.ReadableStream; filename?: string }): Promise<MediaFile> {
    return (await this.ingestWithPlace(owner, input)).media;
  }

  /** `ingest`, with the place the file's position names (the position is never stored, logged or sent). */
  async ingestWithPlace(
    owner: Asker,
    input: { stream: NodeJS.ReadableStream; filename?: string },
    opts: { admitted?: boolean } = {},
  ): Promise<Ingested> {
    const ownerId = ownerOf(owner, input.stream);
    // a resumable upload was counted against the rates when it was created
    const admission = await this.admit(ownerId, input.stream, !opts.admitted);
    const gate = new UploadGate(this.gateOptions(admission));
    const temp = await this.receive(input.stream, gate).finally(() =>
      this.uploadLimits.received(ownerId, gate.received),
    );
    const detected = gate.detected!;
    const id = crypto.randomUUID();
    const written: string[] = [];
    let kept: TempFile | null = null;
    let row: MediaFile;
    let facts: CaptureFacts;
    try {
      row = this.repo.create({
        id,
        ownerId,
        type: detected.type,
        format: detected.format,
        bytes: temp.bytes,
        sha256: gate.sha256(),
        attached: false,
        status: MediaStatus.READY,
      });
      let still: ProcessedImage;
      if (detected.type === MediaType.IMAGE) {
        facts = await photoFacts(await imageExif(temp.path));
        still = await this.processImage(temp.path);
        kept = temp;
      } else {
        const video = await this.videos.prepare(temp, detected.format);
        ({ facts, poster: still } = video);
        kept = video.clean;
        if (!video.playsEverywhere) row.status = MediaStatus.PREPARING;
      }
      const stillName = detected.type === MediaType.IMAGE ? "display" : "poster";
      const display = keys.variant(id, stillName, "webp");
      const thumb = keys.variant(id, "thumb", "webp");
      row.storedBytes = kept.bytes;
      row.storedBytes += await this.storage.put(display, still.display.data);
      written.push(display);
      row.storedBytes += await this.storage.put(thumb, still.thumb.data);
      written.push(thumb);
      row.originalKey = keys.original(id, detected.format);
      await kept.commit(row.originalKey);
      written.push(row.originalKey);
      row.width = still.width;
      row.height = still.height;
      row.takenAt = facts.takenAt;
      row.variants = { [stillName]: display, thumb };
      if (detected.type === MediaType.VIDEO && row.status === MediaStatus.READY) row.variants.video = row.originalKey;
      const stored = row.storedBytes;
      await this.uploadLimits.withinQuota(ownerId, stored, async (m) => {
        await m.getRepository(MediaFile).insert(row);
      });
      row.storedBytes = stored; // the insert hands back the column's default as a string
    } catch (err) {
      await temp.discard();
      if (kept && kept !== temp) await kept.discard();
      await this.storage.remove(written);
      throw err;
    } finally {
      if (kept !== temp) await temp.discard(); // a video's upload as received is never kept
    }
    const place = facts.position ? placeName(facts.position) : null;
    return { media: await this.afterInsert(row), place };
  }

  /**
   * Sends a PREPARING video to be transcoded (an inline queue has done it on return, so the row is
   * read again). A job that cannot be sent refuses the upload: the row and its files go.
   */
  private async afterInsert(row: MediaFile): Promise<MediaFile> {
    if (row.status !== MediaStatus.PREPARING) return row;
    try {
      await this.queueTranscode(row.id);
    } catch (err) {
      await this.remove([row.id]);
      throw err;
    }
    if (this.jobs?.durable) return row;
    return (await this.reads.own({ userId: row.ownerId }, row.id)) ?? row;
  }

  /** The transcode job of a PREPARING video (run at once where there is no queue: benches, tools). */
  private async queueTranscode(mediaId: string): Promise<void> {
    if (this.jobs) await this.jobs.send<TranscodeJob>(MEDIA_TRANSCODE_JOB, { mediaId });
    else await this.videos.transcode(mediaId, true);
  }

  /** `ingest` for a GraphQL `Upload` argument (see upload.scalar.ts). */
  async ingestUpload(owner: Asker, file: Promise<FileUpload> | FileUpload): Promise<MediaFile> {
    const upload = await Promise.resolve(file).catch((err: unknown) => Promise.reject(uploadStreamError(err)));
    return this.ingest(owner, { stream: upload.createReadStream(), filename: upload.filename });
  }

  /** The rate and quota check before any byte is kept; a refused stream is drained, not stored. */
  private async admit(ownerId: string, stream: NodeJS.ReadableStream, count = true): Promise<Admission> {
    try {
      return await this.uploadLimits.admit(ownerId, count);
    } catch (err) {
      stream.resume();
      throw err;
    }
  }

  private gateOptions(admission: Admission): GateOptions {
    return {
      limits: this.limits,
      quota: { remaining: admission.remaining, error: () => this.uploadLimits.quotaError() },
      today: { remaining: admission.todayRemaining, error: admission.todayError },
    };
  }

  private async receive(stream: NodeJS.ReadableStream, gate: UploadGate): Promise<TempFile> {
    try {
      return await this.storage.writeTemp(stream, gate);
    } catch (err) {
      throw uploadStreamError(err);
    }
  }

  private async processImage(file: string | Buffer): Promise<ProcessedImage> {
    try {
      return await makeImageVariants(file, { pixelLimit: this.limits.imagePixels });
    } catch (err) {
      if (err instanceof ImageError) {
        throw badInput(err.kind === "pixel-limit" ? MESSAGES.tooManyPixels : MESSAGES.unreadable);
      }
      throw err;
    }
  }

  // ---- the same photo twice ----------------------------------------------------------------

  /**
   * The memory of `timelineId` whose media has the same bytes as `media`, or null (media stored
   * before hashes were kept never matches). The caller has checked the asker is a participant.
   */
  duplicateIn(
    asker: Asker,
    timelineId: string,
    media: Pick<MediaFile, "sha256">,
    manager?: EntityManager,
  ): Promise<string | null> {
    if (!media.sha256) return Promise.resolve(null);
    return this.reads.memoryWithBytes(asker, timelineId, media.sha256, manager);
  }

  /** `duplicateIn` for bytes the client hashed before sending (64 hex digits; else a clear 400). */
  knownBytes(asker: Asker, timelineId: string, sha256: unknown): Promise<string | null> {
    if (typeof sha256 !== "string" || !/^[0-9a-fA-F]{64}$/.test(sha256)) {
      throw badInput("sha256 must be the file's SHA-256 as 64 hexadecimal digits.");
    }
    return this.reads.memoryWithBytes(asker, timelineId, sha256.toLowerCase());
  }

  // ---- lifecycle -------------------------------------------------------------------------

  /** Marks media as referenced (by a memory or a profile), inside the caller's transaction when given. */
  async markAttached(ids: string[], manager?: EntityManager): Promise<void> {
    if (!ids.length) return;
    await (manager ?? this.ds.manager).getRepository(MediaFile).update({ id: In(ids) }, { attached: true });
  }

  /**
   * Deletes rows, then their files (after the delete has succeeded; call it after your own
   * transaction has committed). A file that fails to go is swept later.
   */
  async remove(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const rows = deletedRows(
      await this.ds.query(`DELETE FROM media_files WHERE id = ANY($1::uuid[]) RETURNING id, original_key, variants`, [
        ids,
      ]),
    );
    await this.removeFiles(keysOfDeleted(rows));
  }

  private async removeFiles(list: string[]): Promise<void> {
    try {
      await this.storage.remove(list);
    } catch (err) {
      this.logger.warn({ err }, "media files could not be removed; the sweeper will retry");
    }
  }

  // ---- URLs and serving ------------------------------------------------------------------

  /** Signed, short-lived URL (HMAC of id, variant, expiry) to /media/<id>/<variant>?exp=&sig= */
  signedUrl(mediaId: string, variant: MediaVariantName): string {
    return this.signer.sign(mediaId, variant, this.clock.now());
  }

  /** The URLs the API hands out for a row: the display image or the video, its thumb and poster. */
  urlsFor(media: Pick<MediaFile, "id" | "type" | "variants">): MediaUrls {
    if (media.type === MediaType.IMAGE) {
      return { url: this.signedUrl(media.id, "display"), thumbUrl: this.signedUrl(media.id, "thumb"), posterUrl: null };
    }
    return {
      url: media.variants?.video ? this.signedUrl(media.id, "video") : null,
      thumbUrl: media.variants?.thumb ? this.signedUrl(media.id, "thumb") : null,
      posterUrl: media.variants?.poster ? this.signedUrl(media.id, "poster") : null,
    };
  }

  /**
   * How long a browser may keep the bytes of a signed URL (Cache-Control max-age): until the URL
   * expires, and never more than `MEDIA_CACHE_MAX_SECONDS`, after which it asks again and the
   * access check runs again.
   */
  cacheSeconds(exp: number): number {
    return Math.min(MEDIA_CACHE_MAX_SECONDS, Math.max(0, exp - Math.floor(this.clock.now().getTime() / 1000)));
  }

  /**
   * The variant a viewer asked for through a signed URL, or null (the route answers 404 for every
   * failure: bad or expired signature, anonymous, missing row or file, or no access).
   */
  async openForViewer(
    viewer: MediaViewer,
    request: { id: string; variant: string; exp: unknown; sig: unknown },
  ): Promise<ServableVariant | null> {
    if (!this.signer.verify(request, this.clock.now())) return null;
    const media = await this.reads.servable(viewer, request.id);
    const key = media?.variants?.[request.variant as MediaVariantName];
    if (!media || !key) return null;
    const stat = await this.storage.stat(key);
    if (!stat) return null;
    const contentType =
      request.variant === "video"
        ? (VIDEO_CONTENT_TYPE[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream")
        : "image/webp";
    return { media, key, contentType, size: stat.size, mtime: stat.mtime };
  }

  // ---- orphans (media-sweeper.ts) -----------------------------------------------------------

  /** Unattached rows and unreferenced files, removed once old enough (see `MediaSweeper`). */
  sweepOrphans(olderThanMs?: number, fileGraceMs?: number): Promise<{ rows: number; files: number }> {
    return this.sweeper.sweep(olderThanMs, fileGraceMs);
  }

  /** `sweepOrphans` in one process at a time (see `MediaSweeper.sweepExclusive`). */
  sweepExclusive(olderThanMs?: number, fileGraceMs?: number): Promise<{ rows: number; files: number } | null> {
    return this.sweeper.sweepExclusive(olderThanMs, fileGraceMs);
  }
}
