/**
 * The data export's memory and speed (docs/decisions/023-export-and-deletion.md, target: server
 * RSS grows ≤ 50 MB for a 2 GB export). `npm run bench:export` (`-- --gb=N`, `--photos=N`).
 *
 * Seeds one person with one timeline holding N GB of videos plus real JPEG photos (re-encoded
 * without GPS on the way out). The big objects are cheap: one 64 MiB file is written through the
 * storage interface and the others are hard links to it under their own keys (local disk store).
 * Then the real app serves GET /api/users/me/export over HTTP to a client in the same process
 * that counts and drops the bytes; RSS is sampled every 20 ms. Growth = peak − RSS just before the
 * request (after one image copy has loaded libvips, as any server that took an upload has; `--cold`
 * to skip that). The client shares the process, so the growth is an upper bound for the server alone.
 * Run it as the server runs: `MALLOC_ARENA_MAX=2` (npm start, the Dockerfile).
 */
import "reflect-metadata";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { startApp } from "./lib/app.js";
import { startBenchDb } from "./lib/db.js";
import { signIn } from "./lib/sign-in.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const GB = Number(value("gb") ?? 2);
const PHOTOS = Number(value("photos") ?? 20);
const CHUNK = 64 * 1024 * 1024;
const MB = 1024 * 1024;

function zeros(total: number): Readable {
  let left = total;
  const block = crypto.randomBytes(1024 * 1024);
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(block.length, left);
      left -= n;
      this.push(block.subarray(0, n));
    },
  });
}

async function main() {
  const db = await startBenchDb();
  const ds = await db.open("export_bench");
  const app = await startApp(ds, db.dataDir);
  try {
    const email = "exporter@bench.test";
    const cookie = await signIn(app.url, db.dataDir, email);
    const [{ id: userId }] = (await ds.query(`SELECT id FROM users WHERE email = $1`, [email])) as [{ id: string }];
    const [{ id: timelineId }] = (await ds.query(
      `INSERT INTO timelines (title, status, created_by_id, collaborator_email) VALUES ('Bench', 'accepted', $1, 'x@bench.test') RETURNING id`,
      [userId],
    )) as [{ id: string }];

    const storage = app.services.media.storage;
    const root = path.join(db.dataDir, "media");
    const videos = Math.ceil((GB * 1024 * MB) / CHUNK);
    const t0 = Date.now();
    let first: string | null = null;
    let position = 1;
    const addRow = async (id: string, type: string, format: string, bytes: number, key: string) => {
      await ds.query(
        `INSERT INTO media_files (id, owner_id, type, format, bytes, stored_bytes, original_key, variants, attached)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, true)`,
        [id, userId, type, format, bytes, key, JSON.stringify(type === "video" ? { video: key } : {})],
      );
      await ds.query(
        `INSERT INTO memories (timeline_id, media_id, position, created_by_id, caption, memory_date)
         VALUES ($1, $2, $3, $4, $5, '2024-05-01')`,
        [timelineId, id, position++, userId, `Memory ${position}`],
      );
    };
    for (let i = 0; i < videos; i++) {
      const id = crypto.randomUUID();
      const key = `originals/${id.slice(0, 2)}/${id}.mp4`;
      if (!first) {
        await storage.put(key, zeros(CHUNK));
        first = key;
      } else {
        const target = path.join(root, ...key.split("/"));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.linkSync(path.join(root, ...first.split("/")), target);
      }
      await addRow(id, "video", "mp4", CHUNK, key);
    }
    const jpeg = fs.readFileSync(path.join(here, "../server/test/fixtures/photo-gps.jpg"));
    for (let i = 0; i < PHOTOS; i++) {
      const id = crypto.randomUUID();
      const key = `originals/${id.slice(0, 2)}/${id}.jpg`;
      await storage.put(key, jpeg);
      await addRow(id, "image", "jpeg", jpeg.length, key);
    }
    const seeded = (videos * CHUNK + PHOTOS * jpeg.length) / MB;
    console.log(`seeded ${videos} videos + ${PHOTOS} photos = ${seeded.toFixed(0)} MiB in ${Date.now() - t0} ms`);

    // a running server has libvips loaded (every upload uses it): warm it with one copy first,
    // unless --cold, so the growth is the export's own
    if (!argv.includes("--cold")) {
      const { exportImageCopy } = await import("../server/src/lib/images.js");
      await exportImageCopy("jpeg", { IFD0: {}, IFD2: {} }).end(jpeg).toBuffer();
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const res = await fetch(`${app.url}/api/users/me/export`, {
      headers: { cookie, "x-forwarded-proto": "https" },
    });
    if (res.status !== 200) throw new Error(`export → ${res.status} ${await res.text()}`);
    let received = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const result = {
      exportMiB: Math.round(received / MB),
      seconds: Math.round(seconds * 10) / 10,
      throughputMiBs: Math.round(received / MB / seconds),
      rssBeforeMiB: Math.round(before / MB),
      rssPeakMiB: Math.round(peak / MB),
      rssGrowthMiB: Math.round((peak - before) / MB),
      targetGrowthMiB: 50,
    };
    console.table(result);
    fs.mkdirSync(path.join(here, "results"), { recursive: true });
    fs.writeFileSync(path.join(here, "results", "export.json"), JSON.stringify(result, null, 2) + "\n");
  } finally {
    await app.close();
    await db.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
