import crypto from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { AppError, badInput, tooLarge } from "../../lib/errors.js";
import { MediaType } from "../../entities/media.enums.js";

const MB = 1024 * 1024;

export interface MediaLimits {
  imageBytes: number;
  videoBytes: number;
  imagePixels: number;
  /** Longest video, in seconds (`VIDEO_MAX_SECONDS`). */
  videoSeconds: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = {
  imageBytes: 25 * MB,
  videoBytes: 200 * MB,
  imagePixels: 50_000_000,
  videoSeconds: 300,
};

function durationText(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`;
  return seconds === 60 ? "1 minute" : `${seconds / 60} minutes`;
}

export const MESSAGES = {
  unsupported: "Unsupported file type. Please choose an image or a video.",
  tooLarge: "File is too large (max 25 MB for images, 200 MB for videos)",
  tooManyPixels: "This image has too many pixels (max 50 megapixels).",
  unreadable: "This image could not be read. Please choose another photo.",
  videoUnreadable: "This video could not be read. Please choose another video.",
  videoTooLong: (seconds: number) =>
    `This video is longer than ${durationText(seconds)}. Please trim it or choose a shorter one.`,
  videosUnavailable: "Videos cannot be added on this server right now. Photos still can.",
  empty: "The file is empty.",
} as const;

export interface Detected {
  type: MediaType;
  format: string;
  ext: string;
}

/** Allowed formats, by file-type's `ext` (decided from content, never from the file name). */
const IMAGE_FORMATS: Record<string, string> = {
  jpg: "jpeg",
  png: "png",
  webp: "webp",
  gif: "gif",
  heic: "heic",
  avif: "avif",
};
const VIDEO_FORMATS: Record<string, string> = { mp4: "mp4", m4v: "mp4", mov: "mov", qt: "mov", webm: "webm" };
const VIDEO_EXT: Record<string, string> = { mp4: "mp4", mov: "mov", webm: "webm" };

/** file-type needs the first few KB; 4100 bytes is its own default sample size. */
const SNIFF_BYTES = 4100;

export interface GateOptions {
  limits: MediaLimits;
  /** Bytes the person may still store, and the error for a stream that grows past them. */
  quota?: { remaining: number; error: () => AppError };
  /** Bytes the person may still send today (`UPLOAD_DAILY_MB`), and its 429. */
  today?: { remaining: number; error: () => AppError };
}

/**
 * Detects the type from the first bytes of the stream and enforces the size limit of that type
 * and the person's remaining storage WHILE the bytes flow: an upload is aborted at the first byte
 * past either (docs/decisions/004-media-pipeline.md).
 */
export class UploadGate extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private total = 0;
  private readonly hash = crypto.createHash("sha256");
  detected: Detected | null = null;

  /** SHA-256 (hex) of every byte that came through; read once the stream has ended. */
  sha256(): string {
    return this.hash.copy().digest("hex");
  }

  /** Bytes that came through the gate so far (refused ones too). */
  get received(): number {
    return this.total;
  }

  constructor(private readonly opts: GateOptions) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.total += chunk.length;
    this.hash.update(chunk);
    if (this.detected) return cb(this.overLimit() ?? null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return cb();
    this.detect().then(
      () => cb(),
      (err: unknown) => cb(err as Error),
    );
  }

  override _flush(cb: TransformCallback): void {
    if (this.detected) return cb();
    if (this.headBytes === 0) return cb(badInput(MESSAGES.empty));
    this.detect().then(
      () => cb(),
      (err: unknown) => cb(err as Error),
    );
  }

  private async detect(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const ft = await fileTypeFromBuffer(head);
    const detected = classify(ft?.ext);
    if (!detected) throw badInput(MESSAGES.unsupported);
    this.detected = detected;
    const over = this.overLimit();
    if (over) throw over;
    this.push(head);
  }

  private overLimit(): AppError | null {
    const { limits, quota, today } = this.opts;
    const limit = this.detected?.type === MediaType.VIDEO ? limits.videoBytes : limits.imageBytes;
    if (this.total > limit) return tooLarge(MESSAGES.tooLarge);
    if (quota && this.total > quota.remaining) return quota.error();
    if (today && this.total > today.remaining) return today.error();
    return null;
  }
}

function classify(ext: string | undefined): Detected | null {
  if (!ext) return null;
  if (IMAGE_FORMATS[ext]) return { type: MediaType.IMAGE, format: IMAGE_FORMATS[ext], ext: "" };
  const video = VIDEO_FORMATS[ext];
  if (video) return { type: MediaType.VIDEO, format: video, ext: VIDEO_EXT[video] };
  return null;
}

/** Errors raised while reading an upload stream (multipart limits, aborted requests) → AppError. */
export function uploadStreamError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const status =
    (err as { status?: number; statusCode?: number })?.status ?? (err as { statusCode?: number })?.statusCode;
  if (status === 413 || /exceeds the .* size limit|too large/i.test(String((err as Error)?.message))) {
    return tooLarge(MESSAGES.tooLarge);
  }
  return err;
}
