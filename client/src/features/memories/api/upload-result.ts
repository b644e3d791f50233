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
  /** Where it was taken, named by the server from the file's position ("Lisbon, Portugal"). */
  place?: string | null;
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

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Spec §8: "Failed to upload file: {server message, else error, else Upload failed}". */
export function uploadErrorMessage(body: unknown): string {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const text = [record.message, record.error].find((value): value is string => typeof value === "string" && !!value);
  return `Failed to upload file: ${text ?? "Upload failed"}`;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Whether trying the same file again may work: a lost connection, a limit per minute, an outage.
 * A refusal of the file itself (its type, its size, 400 / 413 / 415 / 422) will not change, so it
 * offers no Retry.
 */
export function retryableUploadStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
