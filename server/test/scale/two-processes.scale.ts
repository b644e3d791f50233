/**
 * Two app processes on one PostgreSQL and one bucket behave as one app behind a load balancer
 * (docs/decisions/019-scaling-out.md): a session made on one is valid on the other, sign-in
 * tokens and rate limits are shared, media uploaded through one is served by the other, and the
 * orphan sweeper runs in one process at a time, a resumable upload takes its chunks on either
 * (docs/decisions/056-resumable-uploads-shared.md). Then a short load through both prints figures.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { GetObjectCommand, ListMultipartUploadsCommand } from "@aws-sdk/client-s3";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startEmbeddedPostgres } from "../../src/db/embedded-postgres.js";
import {
  PHOTO,
  mailedCode,
  multipart,
  report,
  send,
  startServer,
  stopServer,
  tempDir,
  type Answer,
  type ServerProcess,
} from "../faults/harness.js";
import { startTestS3, type TestS3 } from "../helpers/s3-server.js";

/** The public origin both processes serve (as behind one load balancer). */
const ORIGIN = "http://keepsake.test";

/** Link requests the processes accepted, over the whole file. */
const accepted = { links: 0 };

/** One browser: one cookie jar, whichever process a request reaches. */
class Browser {
  private readonly cookies = new Map<string, string>();

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", ...(cookie ? { Cookie: cookie } : {}), ...extra };
  }

  private keep(answer: Answer): Answer {
    for (const c of answer.headers["set-cookie"] ?? []) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return answer;
  }

  async get(server: ServerProcess, pathname: string, agent: http.Agent | false = false): Promise<Answer> {
    return this.keep(await send(server.base + pathname, { headers: this.headers(), agent }));
  }

  async post(server: ServerProcess, pathname: string, payload: unknown): Promise<Answer> {
    const answer = await send(server.base + pathname, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/json" }),
      body: JSON.stringify(payload),
    });
    if (pathname === "/api/auth/email" && answer.status === 200) accepted.links++;
    return this.keep(answer);
  }

  async upload(server: ServerProcess): Promise<Answer> {
    const form = multipart("file", "photo.jpg", "image/jpeg", PHOTO);
    return this.keep(
      await send(`${server.base}/api/upload/file`, {
        method: "POST",
        headers: this.headers({ "Content-Type": form.contentType }),
        body: form.body,
      }),
    );
  }
}

/** A database both processes use: a fresh one on DATABASE_URL's server, else a PostgreSQL of our own. */
async function sharedDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `ks_scale_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await admin(`CREATE DATABASE "${name}"`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    return { url: u.toString(), close: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  const dir = tempDir("scale-pg");
  const db = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort() });
  return {
    url: db.url,
    close: async () => {
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

describe("two app processes on one database and one bucket", () => {
  let db: Awaited<ReturnType<typeof sharedDatabase>>;
  let s3: TestS3;
  let a: ServerProcess;
  let b: ServerProcess;
  const dirs: string[] = [];
  /** A second signed-in person (dan), for what only the owner may read. */
  let someoneElse: Browser | undefined;

  const start = async (sweeperLockHeld = false) => {
    const dataDir = tempDir("scale-app");
    dirs.push(dataDir);
    const server = await startServer({
      dataDir,
      databaseUrl: db.url,
      env: {
        ...s3.env,
        APP_URL: ORIGIN,
        SESSION_SECRET: "scale-test-secret-shared-by-every-process-0123456789",
        AUTH_IP_HOURLY_LIMIT: "8",
      },
    });
    await server.waitForOutput(/"event":"startup_sweep"/);
    expect(/"event":"startup_sweep"[^\n]*"skipped":true/.test(server.output())).toBe(sweeperLockHeld);
    return server;
  };

  beforeAll(async () => {
    db = await sharedDatabase();
    s3 = await startTestS3();
    a = await start(); // migrates the database, sweeps at start (nobody else is sweeping)
  });
  afterAll(async () => {
    if (a) await stopServer(a);
    if (b) await stopServer(b);
    await s3?.close();
    await db?.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("sweeps in one process at a time: a process starting while another holds the sweep lock skips its sweep", async () => {
    // The test holds the sweeper's advisory lock, as process A would in the middle of a sweep.
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      const { rows } = await holder.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock(hashtextextended('keepsake:media-sweeper', 0)) AS locked",
      );
      expect(rows[0]!.locked).toBe(true);
      b = await start(true);
    } finally {
      await holder.end(); // lets go of the lock
    }
  });

  it("a link requested through one process signs in through the other; the session is valid on both", async () => {
    const ann = new Browser();
    expect((await ann.post(a, "/api/auth/email", { email: "ann@example.com" })).status).toBe(200);
    const code = await mailedCode([a, b], "ann@example.com");
    const verified = await ann.post(b, "/api/auth/code", { email: "ann@example.com", code });
    expect(verified.status).toBe(200);
    for (const server of [a, b]) {
      const check = JSON.parse((await ann.get(server, "/api/auth/check-session")).body);
      expect(check).toMatchObject({ isAuthenticated: true, user: { email: "ann@example.com" } });
    }
    // The code was single-use on both.
    expect((await new Browser().post(a, "/api/auth/code", { email: "ann@example.com", code })).status).toBe(400);
    // Signing out on A ends the session on B too.
    expect((await ann.post(a, "/api/auth/logout", {})).status).toBe(200);
    expect(JSON.parse((await ann.get(b, "/api/auth/check-session")).body).isAuthenticated).toBe(false);
  });

  it("media uploaded through one process is served by the other, from the bucket", async () => {
    const cleo = await signedIn("cleo@example.com", a, b);
    const up = await cleo.upload(a);
    expect(up.status).toBe(201);
    const { file_url: fileUrl, public_id: id } = JSON.parse(up.body) as { file_url: string; public_id: string };
    expect((await s3.keys()).filter((k) => k.includes(id))).toHaveLength(3);
    const url = new URL(fileUrl, ORIGIN);
    const served = await cleo.get(b, url.pathname + url.search);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    const fromA = await cleo.get(a, url.pathname + url.search);
    expect(fromA.body).toBe(served.body);
    // Another signed-in person gets the same 404 from either process (unattached: owner only).
    const dan = await signedIn("dan@example.com", b, a);
    someoneElse = dan;
    expect((await dan.get(b, url.pathname + url.search)).status).toBe(404);
    expect((await dan.get(a, url.pathname + url.search)).status).toBe(404);
  });

  it("a resumable upload created on one process takes its chunks on either, and the other answers its result", async () => {
    // docs/decisions/056-resumable-uploads-shared.md: parts in the bucket, locks and outcomes in PostgreSQL
    const gil = await signedIn("gil@example.com", a, b);
    const file = await sharp({
      create: {
        width: 3600,
        height: 3000,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 70 },
      },
    })
      .jpeg({ quality: 98 })
      .toBuffer();
    const MiB = 1024 * 1024;
    expect(file.length).toBeGreaterThan(11 * MiB);
    const tus = { "Tus-Resumable": "1.0.0" };
    const request = (server: ServerProcess, pathname: string, method: string, headers = {}, body?: Buffer) =>
      send(server.base + pathname, { method, headers: gil.headers({ ...tus, ...headers }), body });

    const created = await request(a, "/api/uploads", "POST", {
      "Upload-Length": String(file.length),
      "Upload-Metadata": "filetype aW1hZ2UvanBlZw==",
    });
    expect(created.status).toBe(201);
    const location = created.headers.location!;
    const id = location.split("/").pop()!;

    // a whole part (5 MiB, S3's smallest), a tail under it (kept in the bucket until the next
    // chunk), another 5 MiB, the rest: A, B, A, B; before each chunk, the other process says where to go on
    const sizes = [5 * MiB, 1 * MiB, 5 * MiB];
    sizes.push(file.length - sizes.reduce((x, y) => x + y, 0));
    let offset = 0;
    for (const [i, size] of sizes.entries()) {
      const [takes, tells] = i % 2 ? [b, a] : [a, b];
      if (i > 0) {
        const head = await request(tells, location, "HEAD");
        expect(head.status).toBe(200);
        expect(head.headers["upload-offset"]).toBe(String(offset));
      }
      const patched = await request(
        takes,
        location,
        "PATCH",
        { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
        file.subarray(offset, offset + size),
      );
      expect(patched.status, patched.body).toBe(204);
      offset += size;
      expect(patched.headers["upload-offset"]).toBe(String(offset));
      if (i === 1) {
        // the parts so far are a multipart upload in the bucket, not on either process's disk
        const listed = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
        expect((listed.Uploads ?? []).map((u) => u.Key)).toEqual([id]);
      }
    }

    // B took the last byte; A answers the result (202 while B ingests it)
    let result = await request(a, `${location}/result`, "GET");
    for (let tries = 0; result.status === 202 && tries < 240; tries++) {
      expect(JSON.parse(result.body)).toEqual({ status: "processing" });
      await new Promise((resolve) => setTimeout(resolve, 250));
      result = await request(a, `${location}/result`, "GET");
    }
    expect(result.status, result.body).toBe(200);
    const answer = JSON.parse(result.body) as { public_id: string; bytes: number; format: string };
    expect(answer).toMatchObject({ bytes: file.length, format: "jpeg" });
    expect((await request(b, `${location}/result`, "GET")).body).toBe(result.body);

    // the stored original is the whole file: the same SHA-256 as the bytes sent
    const pgClient = new pg.Client({ connectionString: db.url });
    await pgClient.connect();
    try {
      const { rows } = await pgClient.query<{ sha256: string }>("SELECT sha256 FROM media_files WHERE id = $1", [
        answer.public_id,
      ]);
      expect(rows[0]?.sha256).toBe(crypto.createHash("sha256").update(file).digest("hex"));
    } finally {
      await pgClient.end();
    }
    // no leftover parts: no multipart upload, no object of the upload's
    const listed = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
    expect(listed.Uploads ?? []).toEqual([]);
    expect((await s3.keys()).filter((k) => k.includes(id))).toEqual([]);
    expect((await s3.keys()).filter((k) => k.includes(answer.public_id)).length).toBeGreaterThan(0);

    // only the uploader reads it, from either process (dan signed in above; each sign-in counts
    // against AUTH_IP_HOURLY_LIMIT, which the rate-limit case below uses up)
    for (const server of [a, b]) {
      const other = await send(`${server.base}${location}/result`, { headers: someoneElse!.headers() });
      expect(other.status).toBe(404);
    }
  });

  it("serves a short load through both (figures)", async () => {
    const eve = await signedIn("eve@example.com", b, b);
    const up = JSON.parse((await eve.upload(b)).body) as { file_url: string };
    const media = new URL(up.file_url, ORIGIN);
    const agents = new Map([a, b].map((s) => [s, new http.Agent({ keepAlive: true, maxSockets: 4 })]));
    const perServer = new Map<ServerProcess, { times: number[]; errors: number }>([
      [a, { times: [], errors: 0 }],
      [b, { times: [], errors: 0 }],
    ]);
    const paths = ["/api/auth/check-session", "/api/timelines", media.pathname + media.search];
    const total = 600; // bounded: 300 per process, 8 in flight
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        const server = i % 2 ? a : b; // round robin, as a load balancer would
        const started = performance.now();
        const answer = await eve.get(server, paths[i % paths.length]!, agents.get(server)!);
        const stats = perServer.get(server)!;
        stats.times.push(performance.now() - started);
        if (answer.status !== 200) stats.errors++;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 8 }, worker));
    const seconds = (performance.now() - t0) / 1000;
    for (const agent of agents.values()) agent.destroy();
    const rows: Array<[string, string | number]> = [["requests", `${total} in ${seconds.toFixed(1)} s`]];
    for (const [server, name] of [
      [a, "A"],
      [b, "B"],
    ] as const) {
      const { times, errors } = perServer.get(server)!;
      const sorted = [...times].sort((x, y) => x - y);
      rows.push([
        `process ${name}`,
        `${times.length} served, ${errors} not 200, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms`,
      ]);
      expect(errors).toBe(0);
      expect(times.length).toBe(total / 2);
    }
    rows.push(["mix", "check-session, timelines list, a photo streamed from the bucket"]);
    report("Two processes, one database, one bucket (round robin, 8 in flight)", rows);
  });

  it("streaming through /media vs reading the bucket directly (figures for the presigned-URL question)", async () => {
    const fay = await signedIn("fay@example.com", a, a);
    const up = JSON.parse((await fay.upload(a)).body) as { file_url: string; public_id: string };
    const url = new URL(up.file_url, ORIGIN);
    const key = (await s3.keys()).find((k) => k.includes(up.public_id) && k.includes("-display-"))!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const timed = async (n: number, once: () => Promise<number>) => {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        bytes = await once();
        times.push(performance.now() - t0);
      }
      const sorted = times.sort((x, y) => x - y);
      return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms (${bytes} bytes)`;
    };
    const viaApp = await timed(100, async () => {
      const answer = await fay.get(a, url.pathname + url.search, agent);
      expect(answer.status).toBe(200);
      return Number(answer.headers["content-length"]);
    });
    const checkOnly = await timed(100, async () => {
      const answer = await send(a.base + url.pathname + url.search, { method: "HEAD", headers: fay.headers(), agent });
      expect(answer.status).toBe(200);
      return 0;
    });
    const direct = await timed(100, async () => {
      const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return (await object.Body!.transformToByteArray()).length;
    });
    agent.destroy();
    report("One display photo, 100 sequential reads", [
      ["GET /media: session, access check, bucket HEAD + GET, streamed", viaApp],
      ["HEAD /media: the same without the bucket GET (≈ a redirect's 302)", checkOnly],
      ["GET straight from the bucket (what a presigned redirect adds after its 302)", direct],
    ]);
  });

  it("rate limits are shared: the per-address cooldown and the per-IP hourly limit count both processes", async () => {
    const browser = new Browser();
    expect((await browser.post(b, "/api/auth/email", { email: "ben@example.com" })).status).toBe(200);
    const again = await browser.post(a, "/api/auth/email", { email: "ben@example.com" });
    expect(again.status).toBe(429);
    expect(JSON.parse(again.body).message).toMatch(/before requesting another login link/);
    // AUTH_IP_HOURLY_LIMIT=8 for 127.0.0.1, whichever process answers: 16 would pass with limits per process.
    const last: Record<string, number> = {};
    for (let i = 0; i < 8; i++) {
      const server = i % 2 ? a : b;
      last[server.base] = (await browser.post(server, "/api/auth/email", { email: `ip${i}@example.com` })).status;
    }
    expect(Object.values(last)).toEqual([429, 429]);
    expect(accepted.links).toBe(8);
  });

  /** Signs in through the real flow: link requested on `ask`, code entered on `verify`. */
  async function signedIn(email: string, ask: ServerProcess, verify: ServerProcess): Promise<Browser> {
    const browser = new Browser();
    const asked = await browser.post(ask, "/api/auth/email", { email });
    if (asked.status !== 200) throw new Error(`link request: ${asked.status} ${asked.body}`);
    const verified = await browser.post(verify, "/api/auth/code", {
      email,
      code: await mailedCode([ask, verify], email),
    });
    if (verified.status !== 200) throw new Error(`code: ${verified.status} ${verified.body}`);
    return browser;
  }
});
