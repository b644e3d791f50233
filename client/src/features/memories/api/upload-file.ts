import { resumableSupported, uploadResumable } from "./resumable-upload";
import {
  parseJson,
  retryableUploadStatus,
  uploadErrorMessage,
  type UploadOptions,
  type UploadResult,
} from "./upload-result";

export {
  retryableUploadStatus,
  uploadErrorMessage,
  type UploadOptions,
  type UploadProgress,
  type UploadResult,
} from "./upload-result";

/** An upload's failure: the spec's message, and whether the same file may be tried again. */
export const uploadFailure = (message: string, retryable: boolean) => Object.assign(new Error(message), { retryable });

/**
 * POST /api/upload/file (multipart field `file`) with the session cookie. XMLHttpRequest rather
 * than fetch, because fetch cannot report upload progress. Rejects with an Error carrying the
 * spec's message and `retryable` (`uploadFailure`), or with an AbortError when `signal` aborts.
 */
export function uploadFile(file: File, { onProgress, signal }: UploadOptions = {}): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/upload/file");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (!onProgress || !event.lengthComputable || event.total === 0) return;
      onProgress({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
      });
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === "object" && "public_id" in body) {
        onProgress?.({ loaded: file.size, total: file.size, percent: 100 });
        resolve(body as UploadResult);
      } else {
        reject(uploadFailure(uploadErrorMessage(body), retryableUploadStatus(xhr.status)));
      }
    };
    xhr.onerror = () => reject(uploadFailure(uploadErrorMessage(undefined), true));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/**
 * The app's upload of a photo or video: resumable (tus, ./resumable-upload.ts) where the browser
 * can, else POST /api/upload/file in one request.
 */
export function uploadMedia(file: File, options: UploadOptions = {}): Promise<UploadResult> {
  return resumableSupported ? uploadResumable(file, options) : uploadFile(file, options);
}
