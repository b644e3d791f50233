import { describe, expect, it } from "vitest";
import { UploadRefusedError } from "./resumable-upload";

describe("a resumable upload's refusal", () => {
  it("offers Retry only when trying the same file again may work", () => {
    expect([0, 408, 429, 500, 503].map((s) => new UploadRefusedError("x", s).retryable)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // the file itself: its type, its size, a bad request
    expect([400, 413, 415, 422].map((s) => new UploadRefusedError("x", s).retryable)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
