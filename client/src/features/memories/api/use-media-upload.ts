import { useCallback, useEffect, useRef, useState } from "react";
import type { MediaType } from "../../../gql/graphql";
import { captureVideoPoster } from "../lib/video-poster";
import { isAbortError, uploadFile } from "./upload-file";

export interface PickedMedia {
  file: File;
  type: MediaType;
  /** An object URL of the file, for the preview. */
  previewUrl: string;
}

export interface UploadedMedia {
  /** public_id of POST /api/upload/file, sent as `mediaId`. */
  mediaId: string;
  /** A frame of a video, captured in the browser, sent as `poster`. */
  poster: File | null;
}

export type UploadStatus = "idle" | "uploading" | "uploaded" | "failed";

const videoName = /\.(mp4|m4v|mov|webm)$/i;

export function mediaTypeOf(file: File): MediaType {
  return file.type.startsWith("video/") || (!file.type && videoName.test(file.name)) ? "VIDEO" : "IMAGE";
}

/**
 * The chosen photo or video of Add/Edit Memory. The upload starts as soon as a file is chosen
 * (with progress), so it is usually done by the time the form is sent; `whenUploaded()` waits
 * for it. For a video a poster frame is captured meanwhile.
 */
export function useMediaUpload() {
  const [picked, setPicked] = useState<PickedMedia | null>(null);
  const [status, setStatus] = useState<UploadStatus>("idle");
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const job = useRef<{ controller: AbortController; promise: Promise<UploadedMedia> } | null>(null);
  const previewUrl = useRef<string | null>(null);

  const choose = useCallback((file: File) => {
    job.current?.controller.abort();
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    const type = mediaTypeOf(file);
    const url = URL.createObjectURL(file);
    previewUrl.current = url;
    setPicked({ file, type, previewUrl: url });
    setStatus("uploading");
    setProgress(0);
    setError(null);

    const controller = new AbortController();
    const poster = type === "VIDEO" ? captureVideoPoster(file) : Promise.resolve(null);
    const promise = uploadFile(file, {
      signal: controller.signal,
      onProgress: ({ percent }) => {
        if (!controller.signal.aborted) setProgress(percent);
      },
    }).then(
      async (result) => {
        const uploaded = { mediaId: result.public_id, poster: await poster };
        if (!controller.signal.aborted) {
          setProgress(100);
          setStatus("uploaded");
        }
        return uploaded;
      },
      (failure: unknown) => {
        if (!controller.signal.aborted && !isAbortError(failure)) {
          setStatus("failed");
          setError(failure instanceof Error ? failure.message : String(failure));
        }
        throw failure;
      },
    );
    // Failures are shown through `error`; whoever awaits whenUploaded() handles them again.
    promise.catch(() => {});
    job.current = { controller, promise };
  }, []);

  /** Uploads the chosen file again after a failure (the Retry of the picker). */
  const retry = useCallback(() => {
    if (picked) choose(picked.file);
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

  return { picked, status, progress, error, choose, retry, whenUploaded };
}
