import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { VideoPipeline } from "./video-pipeline.js";

export const MEDIA_TRANSCODE_JOB = "media-transcode";

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
