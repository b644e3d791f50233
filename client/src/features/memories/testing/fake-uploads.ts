import type { UploadProgress, UploadResult } from "../api/upload-file";

export interface PendingUpload {
  file: File;
  progress: (percent: number) => void;
  succeed: (result?: Partial<UploadResult>) => void;
  /** `retryable` false: a refusal of the file itself (its type, its size). */
  fail: (message: string, retryable?: boolean) => void;
}

/**
 * A stand-in for uploadFile (XMLHttpRequest is not what these tests are about): each call is
 * recorded, and the test moves it along. The screen tests install it with upload-file-mock.ts.
 */
export function createFakeUploads() {
  const pending: PendingUpload[] = [];
  let sequence = 0;
  function uploadFile(
    file: File,
    options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
  ): Promise<UploadResult> {
    return new Promise((resolve, reject) => {
      sequence += 1;
      const id = `upload-${sequence}`;
      pending.push({
        file,
        progress: (percent) => options.onProgress?.({ loaded: (file.size * percent) / 100, total: file.size, percent }),
        succeed: (result = {}) =>
          resolve({
            file_url: `/media/${id}/display`,
            public_id: id,
            format: "jpeg",
            width: 800,
            height: 600,
            bytes: file.size,
            ...result,
          }),
        fail: (message, retryable = true) => reject(Object.assign(new Error(message), { retryable })),
      });
      options.signal?.addEventListener("abort", () => reject(new DOMException("Upload cancelled", "AbortError")));
    });
  }
  return {
    uploadFile,
    pending,
    latest(): PendingUpload {
      const last = pending[pending.length - 1];
      if (!last) throw new Error("No upload was started");
      return last;
    },
    reset() {
      pending.length = 0;
    },
  };
}
