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

  /** Everything done at upload. Throws BAD_USER_INPUT (unreadable, too long) or SERVICE_UNAVAILABLE (no ffmpeg). */
  async prepare(upload: TempFile, format: string): Promise<PreparedVideo> {
    const { tools, storage, limits } = this.deps;
    const duration = await containerDuration(upload.path, format);
    if (duration === null) throw badInput(MESSAGES.videoUnreadable);
    if (duration > limits.videoSeconds) throw badInput(MESSAGES.videoTooLong(limits.videoSeconds));
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
