import { useCallback, useEffect, useRef, useState } from "react";
import type { MediaType } from "../../../gql/graphql";
import { isAbortError, uploadFile } from "./upload-file";

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
}

export type UploadStatus = "idle" | "uploading" | "uploaded" | "failed";

const videoName = /\.(mp4|m4v|mov|webm)$/i;

export function mediaTypeOf(file: File): MediaType {
  return file.type.startsWith("video/") || (!file.type && videoName.test(file.name)) ? "VIDEO" : "IMAGE";
}

/**
 * The chosen photo or video of Add/Edit Memory. The upload starts as soon as a file is chosen
 * (with progress), so it is usually done by the time the form is sent; `whenUploaded()` waits
 * for it. The server makes a video's poster (docs/decisions/034-media-formats.md).
 */
export function useMediaUpload() {
  const [picked, setPicked] = useState<PickedMedia | null>(null);
  const [status, setStatus] = useState<UploadStatus>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [retryable, setRetryable] = useState(true);
  const job = useRef<{ controller: AbortController; promise: Promise<UploadedMedia> } | null>(null);
  const previewUrl = useRef<string | null>(null);

  const choose = useCallback((file: File): Promise<UploadedMedia> => {
    job.current?.controller.abort();
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    const type = mediaTypeOf(file);
    const url = URL.createObjectURL(file);
    previewUrl.current = url;
    setPicked({ file, type, previewUrl: url });
    setStatus("uploading");
    setProgress(0);
    setError(null);
    setRetryable(true);

    const controller = new AbortController();
    const promise = uploadFile(file, {
      signal: controller.signal,
      onProgress: ({ percent }) => {
        if (!controller.signal.aborted) setProgress(percent);
      },
    }).then(
      (result) => {
        const uploaded = { mediaId: result.public_id, takenAt: result.taken_at ?? null };
        if (!controller.signal.aborted) {
          setProgress(100);
          setStatus("uploaded");
          const serverPreviewUrl = type === "VIDEO" ? (result.poster_url ?? null) : result.file_url;
          setPicked((current) => (current?.file === file ? { ...current, serverPreviewUrl } : current));
        }
        return uploaded;
      },
      (failure: unknown) => {
        if (!controller.signal.aborted && !isAbortError(failure)) {
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
  }, []);

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
  return { picked, status, progress, error, retryable, choose, retry, whenUploaded };
}
