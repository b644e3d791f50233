import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { Logger } from "../../lib/logger.js";
import type { LegacyVideos, VideoPipeline } from "./video-pipeline.js";

export const MEDIA_TRANSCODE_JOB = "media-transcode";
export const MEDIA_LEGACY_VIDEOS_JOB = "media-legacy-videos";

export interface TranscodeJob {
  mediaId: string;
}

/**
 * Transcodes a video that not every browser plays, once, in the background
 * (docs/decisions/034-media-formats.md): two retries a few minutes apart, then the media is
 * FAILED. An attempt may run for up to an hour (a 5-minute 4K clip on a busy small server).
 */
export function mediaTranscodeJob(videos: VideoPipeline): JobDefinition<TranscodeJob> {
  return defineJob<TranscodeJob>({
    name: MEDIA_TRANSCODE_JOB,
    retryLimit: 2,
    retryDelaySeconds: 120,
    expireInSeconds: 3900,
    handler: ({ data, lastAttempt }) => videos.transcode(data.mediaId, lastAttempt),
  });
}

/**
 * Every 15 minutes, ten videos stored before docs/decisions/034-media-formats.md are redone as an
 * upload is now (`LegacyVideos.reclean`); once none is left each run is one indexed-enough query
 * that finds nothing.
 */
export function mediaLegacyVideosJob(legacy: LegacyVideos, logger: Logger): JobDefinition<object> {
  return defineJob<object>({
    name: MEDIA_LEGACY_VIDEOS_JOB,
    cron: "*/15 * * * *",
    singleton: true,
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 3600,
    async handler() {
      const seen = await legacy.reclean();
      if (seen) logger.info({ event: "legacy_videos", seen }, "old videos redone");
    },
  });
}
