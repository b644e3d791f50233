import { afterEach, describe, expect, it, vi } from "vitest";
import { isAbortError, uploadErrorMessage, uploadFile } from "./upload-file";

class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  withCredentials = false;
  status = 0;
  responseText = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
}

function install() {
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return () => FakeXhr.last!;
}

const file = new File(["0123456789"], "photo.jpg", { type: "image/jpeg" });

describe("uploadFile (POST /api/upload/file)", () => {
  afterEach(() => {
    FakeXhr.last = null;
  });

  it("posts the file as multipart field `file` with the cookie, reporting progress", async () => {
    const xhr = install();
    const progress: number[] = [];
    const pending = uploadFile(file, { onProgress: ({ percent }) => progress.push(percent) });
    expect(xhr().method).toBe("POST");
    expect(xhr().url).toBe("/api/upload/file");
    expect(xhr().withCredentials).toBe(true);
    expect(xhr().body?.get("file")).toBeInstanceOf(File);
    xhr().upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 10 });
    xhr().answer(201, { file_url: "/media/x/display", public_id: "x", format: "jpeg", width: 1, height: 1, bytes: 10 });
    await expect(pending).resolves.toMatchObject({ public_id: "x" });
    expect(progress).toEqual([40, 100]);
  });

  it.each([
    [{ message: "File is too large", error: "Payload too large" }, "Failed to upload file: File is too large"],
    [
      { error: "Unsupported file type. Please choose an image or a video." },
      "Failed to upload file: Unsupported file type. Please choose an image or a video.",
    ],
    ["<html>oops</html>", "Failed to upload file: Upload failed"],
  ])("turns a failure %j into the spec's message", async (body, message) => {
    const xhr = install();
    const pending = uploadFile(file);
    xhr().answer(400, body);
    await expect(pending).rejects.toThrow(message);
    expect(uploadErrorMessage(undefined)).toBe("Failed to upload file: Upload failed");
  });

  it("rejects with 'Upload failed' on a network error, and with an AbortError when cancelled", async () => {
    const xhr = install();
    const failing = uploadFile(file);
    xhr().onerror?.();
    await expect(failing).rejects.toThrow("Failed to upload file: Upload failed");

    const controller = new AbortController();
    const cancelled = uploadFile(file, { signal: controller.signal });
    controller.abort();
    const error = await cancelled.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
  });

  it.each([
    [415, false],
    [413, false],
    [400, false],
    [429, true],
    [503, true],
    [500, true],
  ])("an answer %i says whether the same file may be tried again: %s", async (status, retryable) => {
    const xhr = install();
    const pending = uploadFile(file);
    xhr().answer(status, { error: "No" });
    await expect(pending).rejects.toMatchObject({ retryable });
  });

  it("a lost connection may be tried again", async () => {
    const xhr = install();
    const pending = uploadFile(file);
    xhr().onerror?.();
    await expect(pending).rejects.toMatchObject({ retryable: true });
  });
});
