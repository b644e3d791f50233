import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "../../src/lib/storage.js";

describe("LocalStorage", () => {
  let root: string;
  let storage: LocalStorage;
  const files = (dir = root): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [e.name]));

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-storage-"));
    storage = new LocalStorage(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("leaves no temp file when a write is refused (even before its file is open)", async () => {
    const refuseAtOnce = () =>
      new Transform({
        transform: (_c, _e, cb) => cb(new Error("refused")),
        flush: (cb) => cb(new Error("refused")),
      });
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        expect(storage.writeTemp(Readable.from(i % 2 ? [] : [Buffer.from("x")]), refuseAtOnce())).rejects.toThrow(
          "refused",
        ),
      ),
    );
    expect(files()).toEqual([]);
  });

  it("writes atomically under a generated key, reads ranges, lists and removes", async () => {
    const key = "variants/ab/abcdef01-2345-4678-89ab-cdef01234567-display-1a2b3c4d.webp";
    expect(await storage.put(key, Buffer.from("hello world"))).toBe(11);
    expect((await storage.stat(key))?.size).toBe(11);
    const chunks: Buffer[] = [];
    for await (const c of storage.createReadStream(key, { start: 6, end: 10 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("world");
    const listed: string[] = [];
    for await (const f of storage.list()) listed.push(f.key);
    expect(listed).toEqual([key]);
    await storage.remove([key, key]);
    expect(await storage.stat(key)).toBeNull();
  });

  it("refuses keys it does not make (no user names, no traversal)", async () => {
    expect(() => storage.localPath("../etc/passwd")).toThrow(/invalid storage key/);
    expect(() => storage.localPath("originals/ab/IMG_0001.jpg")).toThrow(/invalid storage key/);
    await expect(storage.put("variants/../../x.webp", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
    expect(await storage.stat("originals/test/whatever.jpg")).toBeNull(); // foreign keys: nothing there
    await storage.remove(["originals/test/whatever.jpg"]); // and nothing to remove
  });
});
