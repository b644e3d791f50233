/**
 * One contract, two stores: the local disk and an S3 bucket (a real S3-protocol server in this
 * process, reached through @aws-sdk/client-s3). The media service only ever sees `Storage`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LocalStorage } from "../../src/lib/local-storage.js";
import { S3Storage } from "../../src/lib/s3-storage.js";
import type { Storage } from "../../src/lib/storage.js";
import { startTestS3, type TestS3 } from "../helpers/s3-server.js";

const KEY = "variants/ab/abcdef01-2345-4678-89ab-cdef01234567-display-1a2b3c4d.webp";
const ORIGINAL = "originals/ab/abcdef01-2345-4678-89ab-cdef01234567.jpg";

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

async function listKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of storage.list()) keys.push(f.key);
  return keys.sort();
}

interface Subject {
  storage: Storage;
  /** Folder of local temp files. */
  tempDir: string;
  /** Keys actually in the backing store (disk or bucket), temp files excluded. */
  stored(): Promise<string[]>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

const subjects: Record<string, () => Promise<Subject>> = {
  "local disk": async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-storage-"));
    const storage = new LocalStorage(root);
    const stored = async () => [...filesUnder(root)].filter((k) => !k.startsWith("tmp/")).sort();
    return {
      storage,
      tempDir: path.join(root, "tmp"),
      stored,
      reset: async () => {
        for (const top of ["originals", "variants", "tmp"])
          fs.rmSync(path.join(root, top), { recursive: true, force: true });
        fs.mkdirSync(path.join(root, "tmp"), { recursive: true });
      },
      close: async () => fs.rmSync(root, { recursive: true, force: true }),
    };
  },
  "S3 bucket": async () => {
    const s3: TestS3 = await startTestS3();
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-s3-tmp-"));
    const storage = new S3Storage({
      bucket: s3.bucket,
      tempDir,
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    return {
      storage,
      tempDir,
      stored: () => s3.keys(),
      reset: async () => {
        await s3.empty();
        await storage.clearTemp();
      },
      close: async () => {
        await storage.close();
        await s3.close();
        fs.rmSync(tempDir, { recursive: true, force: true });
      },
    };
  },
};

describe.each(Object.keys(subjects))("Storage contract: %s", (name) => {
  let subject: Subject;
  let storage: Storage;

  beforeAll(async () => {
    subject = await subjects[name]!();
    storage = subject.storage;
  });
  beforeEach(() => subject.reset());
  afterAll(() => subject.close());

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
    expect(filesUnder(subject.tempDir)).toEqual([]);
    expect(await subject.stored()).toEqual([]);
  });

  it("stores under a generated key, reads whole and in ranges, lists and removes", async () => {
    expect(await storage.put(KEY, Buffer.from("hello world"))).toBe(11);
    expect(await subject.stored()).toEqual([KEY]);
    const stat = await storage.stat(KEY);
    expect(stat?.size).toBe(11);
    expect(stat?.mtime).toBeInstanceOf(Date);
    expect(await readAll(await storage.read(KEY))).toBe("hello world");
    expect(await readAll(await storage.read(KEY, { start: 6, end: 10 }))).toBe("world");
    // (0-1, not 0-0: s3rver reads an end of 0 as "to the end"; S3 and MinIO do not.)
    expect(await readAll(await storage.read(KEY, { start: 0, end: 1 }))).toBe("he");
    expect(await listKeys(storage)).toEqual([KEY]);
    await storage.remove([KEY, KEY]);
    expect(await storage.stat(KEY)).toBeNull();
    expect(await subject.stored()).toEqual([]);
  });

  it("puts a stream of unknown length", async () => {
    const parts = Array.from({ length: 50 }, (_, i) => Buffer.alloc(10_000, i));
    expect(await storage.put(KEY, Readable.from(parts))).toBe(500_000);
    expect((await storage.stat(KEY))?.size).toBe(500_000);
    expect(filesUnder(subject.tempDir)).toEqual([]);
  });

  it("commits a temp file to a key (the temp file goes), or discards it (nothing is stored)", async () => {
    const kept = await storage.writeTemp(Readable.from([Buffer.from("original bytes")]));
    expect(kept.bytes).toBe(14);
    expect(fs.readFileSync(kept.path, "utf8")).toBe("original bytes"); // sharp reads the local file
    const dropped = await storage.writeTemp(Readable.from([Buffer.from("refused later")]));
    expect(await listKeys(storage)).toHaveLength(2); // both temp files, for the sweeper
    await kept.commit(ORIGINAL);
    await dropped.discard();
    expect(filesUnder(subject.tempDir)).toEqual([]);
    expect(await subject.stored()).toEqual([ORIGINAL]);
    expect(await readAll(await storage.read(ORIGINAL))).toBe("original bytes");
    await expect(kept.commit(KEY)).rejects.toThrow(/already committed/);
  });

  it("clears temp files left by a stopped process, and only those", async () => {
    await storage.put(KEY, Buffer.from("stored"));
    await storage.writeTemp(Readable.from([Buffer.from("half an upload")]));
    await storage.writeTemp(Readable.from([Buffer.from("another")]));
    expect(await storage.clearTemp()).toBe(2);
    expect(await listKeys(storage)).toEqual([KEY]);
  });

  it("answers a missing object: stat null, read rejects, remove is quiet", async () => {
    expect(await storage.stat(KEY)).toBeNull();
    await expect(storage.read(KEY)).rejects.toThrow();
    await storage.remove([KEY]);
  });

  it("removes many objects at once", async () => {
    const keys = Array.from(
      { length: 30 },
      (_, i) => `variants/ab/abcdef01-2345-4678-89ab-${String(i).padStart(12, "0")}-thumb.webp`,
    );
    await Promise.all(keys.map((k) => storage.put(k, Buffer.from(k))));
    expect(await subject.stored()).toHaveLength(30);
    await storage.remove(keys);
    expect(await subject.stored()).toEqual([]);
  });

  it("refuses keys it does not make (no user names, no traversal)", async () => {
    await expect(storage.put("../etc/passwd", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
    await expect(storage.put("originals/ab/IMG_0001.jpg", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
    await expect(storage.put("variants/../../x.webp", Buffer.from("x"))).rejects.toThrow(/invalid storage key/);
    await expect(storage.read("../etc/passwd")).rejects.toThrow(/invalid storage key/);
    const temp = await storage.writeTemp(Readable.from([Buffer.from("x")]));
    await expect(temp.commit("originals/../../x.jpg")).rejects.toThrow(/invalid storage key/);
    await temp.discard();
    expect(await storage.stat("originals/test/whatever.jpg")).toBeNull(); // foreign keys: nothing there
    await storage.remove(["originals/test/whatever.jpg"]); // and nothing to remove
    expect(await subject.stored()).toEqual([]);
  });
});
