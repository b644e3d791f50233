/**
 * Two app processes share one database: the orphan sweeper must run in one of them at a time.
 * Each "process" here has its own DataSource (its own pool and PostgreSQL sessions), as two
 * server processes would; the advisory lock is PostgreSQL's, so this is the same contention.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataSource } from "typeorm";
import { parseEnv } from "../../src/config/env.js";
import { createDataSource } from "../../src/db/data-source.js";
import { FakeClock } from "../../src/lib/clock.js";
import { LocalStorage } from "../../src/lib/local-storage.js";
import { createLogger } from "../../src/lib/logger.js";
import type { Storage, StoredFile } from "../../src/lib/storage.js";
import { MediaService } from "../../src/modules/media/media.service.js";
import { createTestDatabase } from "../helpers/test-db.js";

/** A store whose listing waits for `release()`: holds a sweep in the middle of its work. */
function gatedStorage(root: string): Storage & { entered: Promise<void>; release(): void } {
  const inner = new LocalStorage(root);
  let release!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const enteredP = new Promise<void>((resolve) => (entered = resolve));
  return Object.assign(Object.create(inner) as LocalStorage, {
    entered: enteredP,
    release,
    async *list(): AsyncIterable<StoredFile> {
      entered();
      await gate;
      yield* inner.list();
    },
  });
}

describe("the orphan sweeper across processes", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let other: DataSource;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    other = createDataSource(db.url, { poolSize: 3 });
    await other.initialize();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-sweep-lock-"));
  });
  afterAll(async () => {
    await other?.destroy();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const service = (ds: DataSource, storage: Storage) =>
    new MediaService(
      {
        ds,
        env: parseEnv({ NODE_ENV: "test", DATA_DIR: dir, SESSION_SECRET: "x".repeat(40) }),
        logger: createLogger("silent"),
        clock: new FakeClock(new Date()),
      },
      { storage },
    );

  it("runs in one process at a time: the other skips while a sweep is under way, and sweeps after", async () => {
    const slow = gatedStorage(path.join(dir, "a"));
    const a = service(db.ds, slow);
    const b = service(other, new LocalStorage(path.join(dir, "b")));

    const first = a.sweepExclusive();
    await slow.entered; // A holds the lock, in the middle of its sweep
    expect(await b.sweepExclusive()).toBeNull();
    expect(await a.sweepExclusive()).toBeNull(); // another timer tick of the same process: skipped too
    slow.release();
    expect(await first).toEqual({ rows: 0, files: 0 });
    expect(await b.sweepExclusive()).toEqual({ rows: 0, files: 0 }); // the lock was let go
  });

  it("lets go of the lock when a sweep fails", async () => {
    const broken = Object.assign(Object.create(new LocalStorage(path.join(dir, "c"))) as LocalStorage, {
      // eslint-disable-next-line require-yield
      async *list(): AsyncIterable<StoredFile> {
        throw new Error("bucket unreachable");
      },
    });
    await expect(service(db.ds, broken).sweepExclusive()).rejects.toThrow("bucket unreachable");
    expect(await service(other, new LocalStorage(path.join(dir, "d"))).sweepExclusive()).toEqual({
      rows: 0,
      files: 0,
    });
  });
});
