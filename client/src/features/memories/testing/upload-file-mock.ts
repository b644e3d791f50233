import { vi } from "vitest";
import type * as UploadFileModule from "../api/upload-file";
import { createFakeUploads } from "./fake-uploads";

/**
 * The upload module as the screen tests see it: the real helpers, and `uploadFile` moved along by
 * the test through `fakeUploads.current` (set a fresh one in `beforeEach`). Use with
 *   vi.mock(".../features/memories/api/upload-file", () => import(".../features/memories/testing/upload-file-mock"));
 */
export const fakeUploads = { current: createFakeUploads() };

const actual = await vi.importActual<typeof UploadFileModule>("../api/upload-file");

export const { uploadErrorMessage, isAbortError, retryableUploadStatus, uploadFailure } = actual;

export const uploadFile: typeof UploadFileModule.uploadFile = (...args) => fakeUploads.current.uploadFile(...args);

/** The app's upload (resumable or not) as the screen tests see it: the same fake. */
export const uploadMedia: typeof UploadFileModule.uploadMedia = (...args) => fakeUploads.current.uploadFile(...args);
