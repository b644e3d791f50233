import { ALREADY_IN_TIMELINE } from "@keepsake/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MediaType } from "../../../gql/graphql";
import { findDuplicate } from "./find-duplicate";
import { isAbortError, uploadMedia } from "./upload-file";

export interface PickedMedia {
  file: File;
  type: MediaType;
  /** An object URL of the file, for the preview. */
  previewUrl: string;
  /**
   * The server's picture of it once uploaded (a photo's display image, a video's poster): the
   * preview when the browser cannot show the file itself (HEIC, HEVC).
   */
  serverPreviewUrl?: string | null;
}

export interface UploadedMedia {
  /** public_id of POST /api/upload/file, sent as `mediaId`. */
  mediaId: string;
  /** When the camera says it was taken, as the server read it from the file. */
  takenAt: string | null;
  /** The place the server named from the file's position (docs/decisions/050-trip-uploads.md). */
  place: string | null;
}

export type UploadStatus = "idle" | "uploading" | "uploaded" | "failed" | "duplicate";

/** The chosen file is already in the timeline: `memoryId` holds it. */
export class DuplicateMediaError extends Error {
  constructor(readonly memoryId: string) {
    super(ALREADY_IN_TIMELINE);
    this.name = "DuplicateMediaError";
  }
}

const videoName = /\.(mp4|m4v|mov|webm)$/i;

export function mediaTypeOf(file: File): MediaType {
  return file.type.startsWith("video/") || (!file.type && videoName.test(file.name)) ? "VIDEO" : "IMAGE";
}

/**
 * The chosen photo or video of Add/Edit Memory. The upload starts as soon as a file is chosen
 * (with progress), so it is usually done by the time the form is sent; `whenUploaded()` waits
 * for it. The server makes a video's poster (docs/decisions/034-media-formats.md). With
 * `timelineId` (Add Memory), a file already in that timeline is not sent: status "duplicate",
 * `duplicateOf` the memory that holds it (docs/decisions/050-trip-uploads.md).
 */
export function useMediaUpload(timelineId?: string) {
  const [picked, setPicked] = useState<PickedMedia | null>(null);
  const [status, setStatus] = useState<UploadStatus>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(true);
  const job = useRef<{ controller: AbortController; promise: Promise<UploadedMedia> } | null>(null);
  const previewUrl = useRef<string | null>(null);

  const choose = useCallback(
    (file: File): Promise<UploadedMedia> => {
      job.current?.controller.abort();
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
      const type = mediaTypeOf(file);
      const url = URL.createObjectURL(file);
      previewUrl.current = url;
      setPicked({ file, type, previewUrl: url });
      setStatus("uploading");
      setProgress(0);
      setError(null);
      setDuplicateOf(null);
      setRetryable(true);

      const controller = new AbortController();
      const known = timelineId ? findDuplicate(timelineId, file) : Promise.resolve(null);
      const promise = known
        .then((memoryId) => {
          if (memoryId) throw new DuplicateMediaError(memoryId);
          return uploadMedia(file, {
            signal: controller.signal,
            onProgress: ({ percent }) => {
              if (!controller.signal.aborted) setProgress(percent);
            },
          });
        })
        .then(
          (result) => {
            const uploaded = {
              mediaId: result.public_id,
              takenAt: result.taken_at ?? null,
              place: result.place ?? null,
            };
            if (!controller.signal.aborted) {
              setProgress(100);
              setStatus("uploaded");
              const serverPreviewUrl = type === "VIDEO" ? (result.poster_url ?? null) : result.file_url;
              setPicked((current) => (current?.file === file ? { ...current, serverPreviewUrl } : current));
            }
            return uploaded;
          },
          (failure: unknown) => {
            if (failure instanceof DuplicateMediaError) {
              if (!controller.signal.aborted) {
                setStatus("duplicate");
                setDuplicateOf(failure.memoryId);
              }
            } else if (!controller.signal.aborted && !isAbortError(failure)) {
              setStatus("failed");
              setError(failure instanceof Error ? failure.message : String(failure));
              setRetryable((failure as { retryable?: boolean }).retryable !== false);
            }
            throw failure;
          },
        );
      // Failures are shown through `error`; whoever awaits whenUploaded() handles them again.
      promise.catch(() => {});
      job.current = { controller, promise };
      return promise;
    },
    [timelineId],
  );

  /** Uploads the chosen file again after a failure (the Retry of the picker). */
  const retry = useCallback(() => {
    if (picked) void choose(picked.file).catch(() => {});
  }, [choose, picked]);

  /** The upload of the chosen file (null when none was chosen). Rejects when it failed. */
  const whenUploaded = useCallback((): Promise<UploadedMedia> | null => job.current?.promise ?? null, []);

  useEffect(
    () => () => {
      job.current?.controller.abort();
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  /** Retry is offered only when trying the same file again may work (upload-file.ts). */
  return { picked, status, progress, error, retryable, duplicateOf, choose, retry, whenUploaded };
}
