import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded-postgres.js";
import {
  embeddedUrl,
  mediaFiles,
  multipart,
  orphans,
  PHOTO,
  report,
  send,
  signIn,
  sleep,
  startServer,
  stopServer,
  tempDir,
  type ServerProcess,
} from "./harness.js";

const UPLOADS = 10;

/**
 * (c) kill -9 during uploads, then start: the half-written temp files are gone, and so is every
 * stored file without a media row (an upload killed between writing its files and its row), by
 * the time the start-up clean-up reports; the embedded database left running by the killed
 * process is stopped and started again.
 */
describe("(c) kill -9 during uploads, then start", () => {
  const dataDir = tempDir("kill");
  let server: ServerProcess | null = null;
  afterAll(async () => {
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("leaves no temp file and no orphan after the next start", async () => {
    const port = await freePort();
    const env = { EMBEDDED_PG_PORT: String(port) };
    server = await startServer({ dataDir, env });
    const alice = await signIn(server, "alice@example.com");
    const done = await alice.upload();
    expect(done.status).toBe(201); // one finished upload: its files must survive the clean-up

    // Uploads whose bodies stop half-way: their temp files are being written when the process dies.
    const never = new Promise<void>(() => undefined);
    const inFlight = Array.from({ length: UPLOADS }, (_, i) => {
      const form = multipart("file", `photo-${i}.jpg`, "image/jpeg", PHOTO);
      return send(`${server!.base}/api/upload/file`, {
        method: "POST",
        headers: alice.headers({ "Content-Type": form.contentType }),
        body: form.body,
        slow: { firstBytes: Math.floor(form.body.length / 2), gate: never },
      }).catch(() => null);
    });
    const deadline = Date.now() + 10_000;
    while (mediaFiles(dataDir, "tmp").length < UPLOADS && Date.now() < deadline) await sleep(50);
    server.child.kill("SIGKILL");
    await server.exited;
    await Promise.all(inFlight);
    const tempBefore = mediaFiles(dataDir, "tmp").length;

    // A stored file whose row was never written (the process died between the two).
    const id = crypto.randomUUID();
    const planted = path.join(dataDir, "media", "variants", id.slice(0, 2), `${id}-display-0badf00d.webp`);
    fs.mkdirSync(path.dirname(planted), { recursive: true });
    fs.writeFileSync(planted, "not referenced by any row");

    const restartAt = Date.now();
    server = await startServer({ dataDir, env, port: server.port });
    const readySeconds = (Date.now() - restartAt) / 1000;
    await server.waitForOutput(/"event":"startup_sweep"/);
    const tempAfter = mediaFiles(dataDir, "tmp").length;
    const left = await orphans(dataDir, embeddedUrl(dataDir, port));
    const staleDatabaseStopped = /left running by an earlier crash/.test(server.output());

    report("(c) kill -9 during uploads, then start", [
      ["uploads in flight when killed", UPLOADS],
      ["temp files after kill -9", tempBefore],
      ["stored files without a row, planted", 1],
      ["seconds to ready after the new start", readySeconds.toFixed(2)],
      ["embedded database left by the killed process stopped", staleDatabaseStopped ? "yes" : "no"],
      ["temp files after the start", tempAfter],
      ["orphan files after the start", left.files.length],
      ["rows whose files are missing", left.rowsWithoutFiles],
    ]);
    expect(tempBefore).toBeGreaterThan(0);
    expect(tempAfter).toBe(0);
    expect(left.files).toEqual([]);
    expect(left.rowsWithoutFiles).toBe(0);
    expect(staleDatabaseStopped).toBe(true);
    expect((await alice.get("/api/users/me")).status).toBe(200); // the session survived the crash
  });
});
