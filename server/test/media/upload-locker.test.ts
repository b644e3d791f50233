import { ERRORS } from "@tus/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poolOf } from "../../src/db/data-source.js";
import { createLogger } from "../../src/lib/logger.js";
import { PgUploadLocker } from "../../src/modules/media/pg-upload-locker.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The resumable uploads' locker across processes (docs/decisions/056-resumable-uploads-shared.md):
 * two lockers on one database stand for two app processes.
 */
describe("the upload locker (PostgreSQL advisory locks)", () => {
  let t: TestApp;
  let a: PgUploadLocker;
  let b: PgUploadLocker;

  beforeAll(async () => {
    t = await createTestApp();
    const connection = poolOf(t.ds).options;
    a = new PgUploadLocker(connection, createLogger("silent"), { pollMs: 20 });
    b = new PgUploadLocker(connection, createLogger("silent"), { pollMs: 20, acquireTimeoutMs: 300 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await t?.close();
  });

  const never = () => new AbortController().signal;

  it("lets one process at a time hold an upload; the other asks the holder to let go, then gets it", async () => {
    const held = a.newLock("upload-1");
    const released: string[] = [];
    await held.lock(never(), () => void released.push("asked"));

    // another upload is not in the way
    const other = b.newLock("upload-2");
    await other.lock(never(), () => undefined);
    await other.unlock();

    // while A holds it, B waits; A's request is asked (through NOTIFY) to let go
    const waiting = b.newLock("upload-1");
    let acquired = false;
    const gets = waiting.lock(never(), () => undefined).then(() => void (acquired = true));
    await expect.poll(() => released, { timeout: 5000 }).toEqual(["asked"]);
    expect(acquired).toBe(false);
    await held.unlock();
    await gets;
    expect(acquired).toBe(true);
    await waiting.unlock();
  });

  it("gives up after its timeout with tus's lock error", async () => {
    const held = a.newLock("upload-3");
    await held.lock(never(), () => undefined);
    try {
      await expect(b.newLock("upload-3").lock(never(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    } finally {
      await held.unlock();
    }
    // and the lock is free again for anyone
    const again = b.newLock("upload-3");
    await again.lock(never(), () => undefined);
    await again.unlock();
  });

  it("refuses to release a lock it does not hold", async () => {
    await expect(a.newLock("upload-4").unlock()).rejects.toThrow(/unlocked/);
  });
});
