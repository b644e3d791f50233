import type { DataSource } from "typeorm";
import { queryRows } from "../../db/query-rows.js";
import { AppError, badInput } from "../../lib/errors.js";
import type { ProcessedImage } from "../../lib/images.js";
import type { Logger } from "../../lib/logger.js";
import type { Storage, TempFile } from "../../lib/storage.js";
import { videoFacts, type CaptureFacts } from "./capture-facts.js";
import { MediaFile } from "../../entities/media-file.entity.js";
import { MediaStatus, MediaType } from "../../entities/media.enums.js";
import { mediaKeys } from "./media-keys.js";
import { keysOf } from "./media-sweeper.js";
import { MESSAGES, type MediaLimits } from "./upload-gate.js";
import { containerDuration } from "./video-container.js";
import { playsEverywhere, type VideoTools } from "./video-tools.js";

/** A video made ready at upload: its clean copy (the kept original), poster frame and facts. */
export interface PreparedVideo {
  /** The video with no metadata and no other tracks: what is kept, exported and (if it plays everywhere) served. */
  clean: TempFile;
  poster: ProcessedImage;
  facts: CaptureFacts;
  /** False when it must be transcoded before it is served. */
  playsEverywhere: boolean;
}

export interface VideoPipelineDeps {
  ds: DataSource;
  storage: Storage;
  tools: VideoTools;
  logger: Logger;
  limits: MediaLimits;
  /** The poster frame's WebP variants, with the same errors as a photo's. */
  makeStill: (frame: Buffer) => Promise<ProcessedImage>;
  /** Sends the transcode job of a PREPARING video. */
  queueTranscode: (mediaId: string) => Promise<void>;
}

/** Where the poster frame is taken: a moment in, so it is rarely the black first frame. */
const POSTER_AT_SECONDS = 0.5;

/**
 * Videos on the server (docs/decisions/034-media-formats.md). At upload, before any byte is kept:
 * the container and its duration (`VIDEO_MAX_SECONDS`), the streams and the recording place and
 * date, a copy without any metadata or data track (the only copy kept: the upload itself is
 * dropped), and a poster frame. Later, in a durable job, a video not every browser plays is
 * transcoded once to H.264/AAC MP4.
 */
export class VideoPipeline {
  constructor(private readonly deps: VideoPipelineDeps) {}

  /**
   * Everything done at upload. Throws BAD_USER_INPUT (unreadable, longer than `maxSeconds`) or
   * SERVICE_UNAVAILABLE (no ffmpeg).
   */
  async prepare(upload: TempFile, format: string, maxSeconds = this.deps.limits.videoSeconds): Promise<PreparedVideo> {
    const { tools, storage } = this.deps;
    const duration = await containerDuration(upload.path, format);
    if (duration === null) throw badInput(MESSAGES.videoUnreadable);
    if (duration > maxSeconds) throw badInput(MESSAGES.videoTooLong(maxSeconds));
    if (!(await tools.available())) throw new AppError("SERVICE_UNAVAILABLE", MESSAGES.videosUnavailable);
    const streams = await tools.probe(upload.path).catch(() => null);
    if (!streams?.video) throw badInput(MESSAGES.videoUnreadable);
    const clean = await storage
      .produceTemp((out) => tools.cleanCopy(upload.path, out, format))
      .catch(() => Promise.reject(badInput(MESSAGES.videoUnreadable)));
    try {
      const frame = await tools
        .posterFrame(clean.path, Math.min(POSTER_AT_SECONDS, duration / 2))
        .catch(() => Promise.reject(badInput(MESSAGES.videoUnreadable)));
      if (!frame.length) throw badInput(MESSAGES.videoUnreadable);
      return {
        clean,
        poster: await this.deps.makeStill(frame),
        facts: videoFacts(streams.tags),
        playsEverywhere: playsEverywhere(format, streams),
      };
    } catch (err) {
      await clean.discard();
      throw err;
    }
  }

  /**
   * The transcode job's work for one media row: its kept original to H.264/AAC MP4, stored as
   * the served `video` variant, and the row READY. A row that is gone or no longer PREPARING is
   * left alone (a repeated job does nothing). On failure the error is thrown for the queue to
   * retry; after the last attempt the row is FAILED instead.
   */
  async transcode(mediaId: string, lastAttempt: boolean): Promise<void> {
    const { ds, storage, tools, logger } = this.deps;
    const repo = ds.getRepository(MediaFile);
    const row = await repo.findOneBy({ id: mediaId, type: MediaType.VIDEO, status: MediaStatus.PREPARING });
    if (!row) return;
    let key: string | null = null;
    try {
      const source = await storage.writeTemp(await storage.read(row.originalKey)); // a local file, whatever the store
      try {
        const out = await storage.produceTemp((path) => tools.transcode(source.path, path));
        key = mediaKeys.variant(row.id, "video", "mp4");
        await out.commit(key);
        const done = await queryRows(
          ds.manager,
          `UPDATE media_files SET status = 'ready', variants = variants || jsonb_build_object('video', $2::text),
                  stored_bytes = stored_bytes + $3
            WHERE id = $1 AND status = 'preparing' RETURNING id`,
          [row.id, key, out.bytes],
        );
        // deleted (or finished by another run) meanwhile: this copy is not needed
        if (!done.length) await storage.remove([key]);
      } finally {
        await source.discard();
      }
    } catch (err) {
      if (key) await storage.remove([key]).catch(() => undefined);
      logger.warn({ err: { message: (err as Error).message }, mediaId, lastAttempt }, "video transcode failed");
      if (!lastAttempt) throw err;
      await repo.update({ id: row.id, status: MediaStatus.PREPARING }, { status: MediaStatus.FAILED });
    }
  }
}

/** Videos stored before this pipeline: their kept file is the old served one, under `variants/`. */
const LEGACY_VIDEOS = `f.type = 'video' AND f.status = 'ready' AND f.original_key LIKE 'variants/%'`;

export class LegacyVideos {
  constructor(
    private readonly deps: VideoPipelineDeps,
    private readonly pipeline: VideoPipeline,
  ) {}

  /**
   * Gives up to `limit` videos stored before this pipeline what an upload gets now: the copy
   * without metadata (the old in-place scrub left top-level boxes, data tracks and WebM tags),
   * a poster made by the server, and a transcode when not every browser plays them. Answers how
   * many it looked at. A video that cannot be redone is marked FAILED (still served as before)
   * so it is not tried again.
   */
  async reclean(limit = 10): Promise<number> {
    const rows = await this.deps.ds
      .getRepository(MediaFile)
      .createQueryBuilder("f")
      .where(LEGACY_VIDEOS)
      .orderBy("f.created_at")
      .limit(limit)
      .getMany();
    for (const row of rows) {
      try {
        await this.redo(row);
      } catch (err) {
        this.deps.logger.warn({ err: { message: (err as Error).message }, mediaId: row.id }, "old video not redone");
        await this.deps.ds
          .getRepository(MediaFile)
          .update({ id: row.id, originalKey: row.originalKey }, { status: MediaStatus.FAILED });
      }
    }
    return rows.length;
  }

  private async redo(row: MediaFile): Promise<void> {
    const { ds, storage } = this.deps;
    const source = await storage.writeTemp(await storage.read(row.originalKey));
    const written: string[] = [];
    try {
      const video = await this.pipeline.prepare(source, row.format, Infinity);
      const poster = mediaKeys.variant(row.id, "poster", "webp");
      const thumb = mediaKeys.variant(row.id, "thumb", "webp");
      let stored = video.clean.bytes;
      stored += await storage.put(poster, video.poster.display.data);
      written.push(poster);
      stored += await storage.put(thumb, video.poster.thumb.data);
      written.push(thumb);
      const original = mediaKeys.original(row.id, row.format);
      await video.clean.commit(original);
      written.push(original);
      const status = video.playsEverywhere ? MediaStatus.READY : MediaStatus.PREPARING;
      const variants = { poster, thumb, ...(video.playsEverywhere ? { video: original } : {}) };
      const done = await queryRows(
        ds.manager,
        `UPDATE media_files SET original_key = $2, variants = $3, status = $4, width = $5, height = $6,
                taken_at = COALESCE(taken_at, $7), stored_bytes = $8
          WHERE id = $1 AND original_key = $9 RETURNING id`,
        [
          row.id,
          original,
          variants,
          status,
          video.poster.width,
          video.poster.height,
          video.facts.takenAt,
          stored,
          row.originalKey,
        ],
      );
      if (!done.length) return void (await storage.remove(written)); // deleted or redone meanwhile
      await storage.remove(keysOf(row));
      if (status === MediaStatus.PREPARING) await this.deps.queueTranscode(row.id);
    } catch (err) {
      await storage.remove(written);
      throw err;
    } finally {
      await source.discard();
    }
  }
}
