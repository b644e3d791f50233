import type { DetailedError } from "tus-js-client";
import {
  parseJson,
  retryableUploadStatus,
  uploadErrorMessage,
  type UploadOptions,
  type UploadResult,
} from "./upload-result";

/**
 * Resumable uploads (docs/decisions/050-trip-uploads.md): tus 1.0.0 at /api/uploads with
 * tus-js-client, in chunks of 8 MiB. A dropped connection is retried from the server's offset;
 * an upload that gave up (or a page left and reopened) resumes from where the server got to, as
 * the upload's address is kept in the browser until it succeeds. When the last byte is in, the
 * server prepares the file and `{Location}/result` answers the upload result (202 until then).
 */

export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Retries after a dropped connection: soon at first, then every half minute for a few minutes. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 30_000, 30_000, 30_000, 30_000];
const RESULT_POLL_MS = 500;

/** What tus-js-client needs in a browser (its `isSupported`), without loading it for the answer. */
export const resumableSupported =
  typeof XMLHttpRequest === "function" && typeof Blob === "function" && typeof Blob.prototype.slice === "function";

function abortError(): DOMException {
  return new DOMException("Upload cancelled", "AbortError");
}

/** The server's answer inside a tus-js-client error (its JSON `{error}`), for the spec's message. */
function bodyOf(error: Error): unknown {
  const response = (error as Partial<DetailedError>).originalResponse;
  return response ? parseJson(response.getBody() ?? "") : undefined;
}

/** Only a lost connection or a busy server is worth another try; a refusal (4xx) is final. */
function worthRetrying(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
}

/** A refusal carries the server's status, so a caller can tell a final one (type, size) from a passing one. */
export class UploadRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "UploadRefusedError";
  }

  /** A refusal of the file itself (type, size) will not change: no Retry (as `uploadFailure`). */
  get retryable(): boolean {
    return retryableUploadStatus(this.status);
  }
}

export interface ResumableOptions extends UploadOptions {
  /** The address of an upload begun earlier for this file: resumed from the server's offset. */
  uploadUrl?: string;
  /** Called with the upload's address once the server has made it. */
  onUploadUrl?: (url: string) => void;
}

/** Asks `{url}/result` until the server has prepared the file. */
export async function resultOf(url: string, signal?: AbortSignal): Promise<UploadResult> {
  for (let failures = 0; ;) {
    if (signal?.aborted) throw abortError();
    let res: Response | null = null;
    try {
      res = await fetch(`${url}/result`, { credentials: "same-origin", headers: { Accept: "application/json" } });
    } catch (error) {
      if (++failures > RETRY_DELAYS_MS.length) throw error;
    }
    if (res?.status === 200) return (await res.json()) as UploadResult;
    if (res && res.status !== 202)
      throw new UploadRefusedError(uploadErrorMessage(parseJson(await res.text())), res.status);
    await new Promise((resolve) => setTimeout(resolve, RESULT_POLL_MS));
  }
}

/**
 * Uploads `file` resumably; resolves with the upload result of POST /api/upload/file (and
 * `place`), rejects with the spec's "Failed to upload file: …" message or an AbortError.
 */
export async function uploadResumable(
  file: File,
  { onProgress, signal, uploadUrl, onUploadUrl }: ResumableOptions = {},
): Promise<UploadResult> {
  // loaded with the first upload, not with the form
  const { Upload } = await import("tus-js-client");
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const upload = new Upload(file, {
      endpoint: new URL("/api/uploads", window.location.origin).href,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onShouldRetry: worthRetrying,
      // an address kept elsewhere (Add many's draft) is tried first; a gone one starts afresh
      ...(uploadUrl ? { uploadUrl } : {}),
      onUploadUrlAvailable() {
        if (upload.url) onUploadUrl?.(upload.url);
      },
      onProgress(sent, total) {
        if (!onProgress || total === 0) return;
        // the last percent is for the server's preparing
        onProgress({ loaded: sent, total, percent: Math.min(99, Math.round((sent / total) * 100)) });
      },
      onError(error) {
        const status = (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;
        reject(new UploadRefusedError(uploadErrorMessage(bodyOf(error)), status));
      },
      onSuccess() {
        resultOf(upload.url!, signal).then((result) => {
          onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
          resolve(result);
        }, reject);
      },
    });
    signal?.addEventListener(
      "abort",
      () => {
        void upload.abort(false);
        reject(abortError());
      },
      { once: true },
    );
    if (uploadUrl) return upload.start();
    void upload.findPreviousUploads().then(
      (previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      },
      () => upload.start(),
    );
  });
}
