import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../../testing/mock-fetch";
import { fileSha256, findDuplicate, memoryUrl } from "./find-duplicate";

// jsdom's Blob has no arrayBuffer() (every browser the app supports has it): read it as browsers did before.
Blob.prototype.arrayBuffer ??= function (this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    // a Node Buffer of the bytes: Node's WebCrypto refuses jsdom's ArrayBuffer (another realm)
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer) as unknown as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsArrayBuffer(this);
  });
};

describe("the same photo twice: asked before sending", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("hashes the file's bytes with SHA-256", async () => {
    // SHA-256("abc"), the FIPS 180-2 example
    expect(await fileSha256(new Blob(["abc"]))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("asks the server within the timeline and answers the memory that holds the bytes", async () => {
    const { calls } = mockFetch({ "GET /api/memories/duplicate": { body: { duplicate_of: "m-1" } } });
    expect(await findDuplicate("t-1", new File(["abc"], "a.jpg"))).toBe("m-1");
    expect(calls[0]!.url).toBe(
      "/api/memories/duplicate?timeline_id=t-1&sha256=ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("sends the file when unsure: a refusal or no network answers null", async () => {
    mockFetch({ "GET /api/memories/duplicate": { status: 403, body: { error: "no" } } });
    expect(await findDuplicate("t-1", new File(["abc"], "a.jpg"))).toBeNull();
    mockFetch({ "GET /api/memories/duplicate": new TypeError("Failed to fetch") });
    expect(await findDuplicate("t-1", new File(["abc"], "a.jpg"))).toBeNull();
  });

  it("opens the memory in its timeline", () => {
    expect(memoryUrl("t 1", "m-1")).toBe("/app/view-timeline?id=t%201&memory=m-1");
  });
});
