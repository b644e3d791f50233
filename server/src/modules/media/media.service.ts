import crypto from "node:crypto";
import type { FileUpload } from "graphql-upload-minimal";
import { In, IsNull, type DataSource, type EntityManager } from "typeorm";
import type { Clock } from "../../lib/clock.js";
import { badInput, notFound, unauthenticated } from "../../lib/errors.js";
import { ImageError, makeImageVariants, type ProcessedImage } from "../../lib/images.js";
import type { Logger } from "../../lib/logger.js";
import { resolveSessionSecret } from "../../lib/session-secret.js";
import { createStorage } from "../../lib/create-storage.js";
import { shardOf, type Storage, type TempFile } from "../../lib/storage.js";
import type { ServiceDeps } from "../../service-deps.js";
import { MediaReads, type MediaViewer } from "./media.reads.js";
import type { Asker } from "../access/access.service.js";
import { MediaFile, type MediaVariants } from "../../entities/media-file.entity.js";
import { MediaType } from "../../entities/media.enums.js";
import { UrlSigner, type MediaVariantName, type UrlSignerOptions } from "./media-signing.js";
import {
  DEFAULT_MEDIA_LIMITS,
  MESSAGES,
  UploadGate,
  uploadStreamError,
  type GateOptions,
  type MediaLimits,
} from "./upload-gate.js";
import { UploadLimits } from "./upload-limits.js";
import { isPlayableVideo } from "./video-container.js";
import { scrubMp4Metadata } from "./video-metadata.js";
import { deletedRows, keysOfDeleted, MediaSweeper } from "./media-sweeper.js";

export type { MediaVariantName } from "./media-signing.js";

export { DEFAULT_MEDIA_LIMITS, MESSAGES, type MediaLimits } from "./upload-gate.js";

export { UNATTACHED_MAX_AGE_MS } from "./media-sweeper.js";

export type { MediaViewer } from "./media.reads.js";

export interface MediaServiceOptions {
  storage?: Storage;
  limits?: Partial<MediaLimits>;
  urls?: UrlSignerOptions;
}

/** Signed URLs of one media row, as the API hands them out. */
export interface MediaUrls {
  url: string;
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

const VIDEO_CONTENT_TYPE: Record<string, string> = { mp4: "video/mp4", mov: "video/quicktime", webm: "video/webm" };

/** The signed-in uploader; an anonymous caller's stream is drained and refused. */
function ownerOf(owner: Asker, stream: NodeJS.ReadableStream): string {
  if (owner.userId) return owner.userId;
  stream.resume();
  throw unauthenticated();
}

const keys = {
  original: (id: string, format: string) => `originals/${shardOf(id)}/${id}.${format === "jpeg" ? "jpg" : format}`,
  variant: (id: string, name: string, ext: string) =>
    `variants/${shardOf(id)}/${id}-${name}-${crypto.randomBytes(4).toString("hex")}.${ext}`,
};

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

  constructor(deps: ServiceDeps, opts: MediaServiceOptions = {}) {
    this.ds = deps.ds;
    this.reads = new MediaReads(deps.ds);
    this.clock = deps.clock;
    this.logger = deps.logger;
    this.storage = opts.storage ?? createStorage(deps.env);
    this.limits = { ...DEFAULT_MEDIA_LIMITS, ...opts.limits };
    this.signer = new UrlSigner(resolveSessionSecret(deps.env), opts.urls);
    this.uploadLimits = new UploadLimits(deps.ds, deps.env);
    this.sweeper = new MediaSweeper({ ...deps, storage: this.storage, removeFiles: (keys) => this.removeFiles(keys) });
  }

  private get repo() {
    return this.ds.getRepository(MediaFile);
  }

  // ---- uploads ---------------------------------------------------------------------------

  /**
   * Validates and stores an upload for `owner`; returns the new, unattached row. The type is
   * decided by content; the size limit of that type is enforced while streaming. Images get WebP
   * display and thumb variants (oriented, no metadata); the original is kept privately. Videos
   * are stored as uploaded (MP4/MOV location and other user metadata boxes neutralised).
   * Every upload first passes the per-account rate and storage quota (upload-limits.ts); a video
   * must parse as a real container (video-container.ts).
   * Throws BAD_USER_INPUT / PAYLOAD_TOO_LARGE / RATE_LIMITED / QUOTA_EXCEEDED; nothing is
   * left on disk after a refusal.
   * `filename` is informational only: it never decides the type or a storage key.
   */
  async ingest(owner: Asker, input: { stream: NodeJS.ReadableStream; filename?: string }): Promise<MediaFile> {
    const ownerId = ownerOf(owner, input.stream);
    const remaining = await this.admit(ownerId, input.stream);
    const gate = new UploadGate(this.gateOptions(remaining));
    const temp = await this.receive(input.stream, gate);
    const detected = gate.detected!;
    const id = crypto.randomUUID();
    const written: string[] = [];
    try {
      const row = this.repo.create({
        id,
        ownerId,
        type: detected.type,
        format: detected.format,
        bytes: temp.bytes,
        attached: false,
        storedBytes: temp.bytes,
      });
      if (detected.type === MediaType.IMAGE) {
        const image = await this.processImage(temp.path);
        row.originalKey = keys.original(id, detected.format);
        const display = keys.variant(id, "display", "webp");
        const thumb = keys.variant(id, "thumb", "webp");
        row.storedBytes += await this.storage.put(display, image.display.data);
        written.push(display);
        row.storedBytes += await this.storage.put(thumb, image.thumb.data);
        written.push(thumb);
        await temp.commit(row.originalKey);
        written.push(row.originalKey);
        row.width = image.width;
        row.height = image.height;
        row.variants = { display, thumb };
      } else {
        if (!(await isPlayableVideo(temp.path, detected.format))) throw badInput(MESSAGES.videoUnreadable);
        if (detected.format !== "webm") await scrubMp4Metadata(temp.path);
        const video = keys.variant(id, "video", detected.ext);
        await temp.commit(video);
        written.push(video);
        row.originalKey = video;
        row.width = null;
        row.height = null;
        row.variants = { video };
      }
      const stored = row.storedBytes;
      await this.uploadLimits.withinQuota(ownerId, stored, async (m) => {
        await m.getRepository(MediaFile).insert(row);
      });
      row.storedBytes = stored; // the insert hands back the column's default as a string
      return row;
    } catch (err) {
      await temp.discard();
      await this.storage.remove(written);
      throw err;
    }
  }

  /** `ingest` for a GraphQL `Upload` argument (see upload.scalar.ts). */
  async ingestUpload(owner: Asker, file: Promise<FileUpload> | FileUpload): Promise<MediaFile> {
    const upload = await Promise.resolve(file).catch((err: unknown) => Promise.reject(uploadStreamError(err)));
    return this.ingest(owner, { stream: upload.createReadStream(), filename: upload.filename });
  }

  /** `attachPoster` for a GraphQL `Upload` argument. */
  async attachPosterUpload(owner: Asker, mediaId: string, file: Promise<FileUpload> | FileUpload): Promise<MediaFile> {
    const upload = await Promise.resolve(file).catch((err: unknown) => Promise.reject(uploadStreamError(err)));
    return this.attachPoster(owner, mediaId, { stream: upload.createReadStream() });
  }

  /** Adds a browser-captured poster frame (an image) to the caller's own video. Replaces any earlier one. */
  async attachPoster(owner: Asker, mediaId: string, input: { stream: NodeJS.ReadableStream }): Promise<MediaFile> {
    const row = await this.reads.own(owner, mediaId);
    if (!row || row.type !== MediaType.VIDEO) {
      input.stream.resume();
      throw notFound("Media not found");
    }
    const remaining = await this.admit(ownerOf(owner, input.stream), input.stream);
    const gate = new UploadGate({
      ...this.gateOptions(remaining),
      accept: (d) => (d.type === MediaType.IMAGE ? null : badInput(MESSAGES.posterNotImage)),
    });
    const temp = await this.receive(input.stream, gate);
    const written: string[] = [];
    try {
      const image = await this.processImage(temp.path);
      const poster = keys.variant(row.id, "poster", "webp");
      const thumb = keys.variant(row.id, "thumb", "webp");
      let added = await this.storage.put(poster, image.display.data);
      written.push(poster);
      added += await this.storage.put(thumb, image.thumb.data);
      written.push(thumb);
      const previous = [row.variants.poster, row.variants.thumb].filter((k): k is string => !!k);
      for (const key of previous) added -= (await this.storage.stat(key))?.size ?? 0;
      const variants: MediaVariants = { ...row.variants, poster, thumb };
      await this.repo.update({ id: row.id }, { variants, storedBytes: () => `stored_bytes + ${Math.trunc(added)}` });
      row.variants = variants;
      row.storedBytes += added;
      if (row.width == null) {
        // The poster is a frame of the video: its size is the video's (oriented) size.
        await this.repo.update({ id: row.id, width: IsNull() }, { width: image.width, height: image.height });
        row.width = image.width;
        row.height = image.height;
      }
      await this.storage.remove(previous);
      return row;
    } catch (err) {
      await this.storage.remove(written);
      throw err;
    } finally {
      await temp.discard();
    }
  }

  /** The rate and quota check before any byte is kept; a refused stream is drained, not stored. */
  private async admit(ownerId: string, stream: NodeJS.ReadableStream): Promise<number> {
    try {
      return await this.uploadLimits.admit(ownerId);
    } catch (err) {
      stream.resume();
      throw err;
    }
  }

  private gateOptions(remaining: number): GateOptions {
    return { limits: this.limits, quota: { remaining, error: () => this.uploadLimits.quotaError() } };
  }

  private async receive(stream: NodeJS.ReadableStream, gate: UploadGate): Promise<TempFile> {
    try {
      return await this.storage.writeTemp(stream, gate);
    } catch (err) {
      throw uploadStreamError(err);
    }
  }

  private async processImage(file: string): Promise<ProcessedImage> {
    try {
      return await makeImageVariants(file, { pixelLimit: this.limits.imagePixels });
    } catch (err) {
      if (err instanceof ImageError) {
        throw badInput(err.kind === "pixel-limit" ? MESSAGES.tooManyPixels : MESSAGES.unreadable);
      }
      throw err;
    }
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
      url: this.signedUrl(media.id, "video"),
      thumbUrl: media.variants?.thumb ? this.signedUrl(media.id, "thumb") : null,
      posterUrl: media.variants?.poster ? this.signedUrl(media.id, "poster") : null,
    };
  }

  /** Seconds until a signed URL's expiry (for Cache-Control). */
  secondsLeft(exp: number): number {
    return Math.max(0, exp - Math.floor(this.clock.now().getTime() / 1000));
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
      request.variant === "video" ? (VIDEO_CONTENT_TYPE[media.format] ?? "application/octet-stream") : "image/webp";
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
