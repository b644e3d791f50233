/** The upload result of POST /api/upload/file (docs/product.md §3). */
export interface UploadResult {
  /** The display image, or the playable video (null while the server prepares it). */
  file_url: string | null;
  public_id: string;
  /** A video's poster frame, made by the server. */
  poster_url?: string | null;
  /** "ready", or "preparing" for a video the server transcodes first (docs/decisions/034-media-formats.md). */
  status?: string;
  /** When the camera says it was taken ("YYYY-MM-DDTHH:mm:ss", maybe with its offset). */
  taken_at?: string | null;
  format: string;
  width: number | null;
  height: number | null;
  bytes: number;
  resource_type?: string;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
}

interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Spec §8: "Failed to upload file: {server message, else error, else Upload failed}". */
export function uploadErrorMessage(body: unknown): string {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const text = [record.message, record.error].find((value): value is string => typeof value === "string" && !!value);
  return `Failed to upload file: ${text ?? "Upload failed"}`;
}

/**
 * Whether trying the same file again may work: a lost connection, a limit per minute, an outage.
 * A refusal of the file itself (its type, its size, 400 / 413) will not change, so it offers no Retry.
 */
export function retryableUploadStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** An upload's failure: the spec's message, and whether the same file may be tried again. */
export const uploadFailure = (message: string, retryable: boolean) => Object.assign(new Error(message), { retryable });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

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
