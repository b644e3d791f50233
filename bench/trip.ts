/**
 * A trip's photos through the resumable uploads (issue 27's figures): `npm run bench:trip`
 * (`-- --photos=N`, `--parallel=P`, `--mbit=M`, `--only=ingest|uplink`). The script sets
 * `MALLOC_ARENA_MAX=2`, as `npm start` and the Dockerfile run the server.
 *
 * The real app runs in a server process of its own (bench/lib/server-child.ts, production
 * settings, an embedded PostgreSQL); the client is tus-js-client in this process, 8 MiB chunks,
 * P uploads at a time (default 3), each followed by `GET {Location}/result` until it is not 202.
 * Photos are phone-like 12 MP JPEGs (bench/lib/media.ts makePhoto), each made distinct by a
 * comment segment of random bytes, so the server's same-photo check sees N different files while
 * every decode costs what a real photo costs.
 *
 * 1. Ingest: N photos straight to the app. Photos per second of wall time, photos per CPU-second
 *    of the server process (user + system, /proc: one CPU-second is one core busy for a second)
 *    and the server process's peak RSS (sampled every 10 ms; target ≤ 400 MB).
 * 2. Uplink: N more photos through a loopback proxy that passes what the client sends at M Mbit/s
 *    (default 20; one link shared by every connection). The bound is the bytes sent (headers
 *    included) over the link's rate; the figure is bound / wall time (target ≥ 80 %).
 */
import "reflect-metadata";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import { Upload } from "tus-js-client";
import { startBenchDb } from "./lib/db.js";
import { startServerChild, type ServerChild } from "./lib/load.js";
import { makePhoto } from "./lib/media.js";
import { signIn } from "./lib/sign-in.js";
import { round, sleep } from "./lib/util.js";

const argv = process.argv.slice(2);
const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const PHOTOS = Number(value("photos") ?? 100);
const PARALLEL = Number(value("parallel") ?? 3);
const MBIT = Number(value("mbit") ?? 20);
const ONLY = value("only");
const MB = 1024 * 1024;
const CHUNK = 8 * MB;
const TICKS_PER_SECOND = 100; // Linux's USER_HZ

/** A copy of `jpeg` with a COM segment of random bytes after SOI: the same picture, new bytes. */
function distinct(jpeg: Buffer): Buffer {
  const data = crypto.randomBytes(32);
  const segment = Buffer.alloc(4 + data.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(2 + data.length, 2);
  data.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** CPU-seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime, stime
}

/**
 * A loopback proxy to `port` that delivers what clients send at `bytesPerSecond`, all connections
 * sharing the one link (as a phone's uplink), and counts those bytes. Answers pass unthrottled.
 */
function uplinkProxy(port: number, bytesPerSecond: number) {
  const stats = { sent: 0 };
  let linkFreeAt = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(port, "127.0.0.1");
    client.on("data", (data: Buffer) => {
      const now = performance.now();
      const start = Math.max(now, linkFreeAt);
      linkFreeAt = start + (data.length / bytesPerSecond) * 1000;
      stats.sent += data.length;
      client.pause();
      setTimeout(
        () => {
          upstream.write(data);
          client.resume();
        },
        Math.max(0, linkFreeAt - now),
      );
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on("error", close);
      socket.on("close", close);
    }
  });
  return { server, stats };
}

interface Sent {
  ms: number;
  bytes: number;
}

/** One photo through tus to `endpoint`, then its result from the app. */
async function sendPhoto(endpoint: string, appUrl: string, cookie: string, photo: Buffer, name: string): Promise<Sent> {
  const headers = { Cookie: cookie, Origin: appUrl, "X-Forwarded-Proto": "https" };
  const t0 = performance.now();
  const location = await new Promise<string>((resolve, reject) => {
    const upload = new Upload(photo, {
      endpoint,
      chunkSize: CHUNK,
      headers,
      retryDelays: [100, 500, 1000, 3000],
      metadata: { filename: name, filetype: "image/jpeg" },
      onError: reject,
      onSuccess: () => resolve(upload.url!),
    });
    upload.start();
  });
  for (;;) {
    const res = await fetch(`${appUrl}${new URL(location).pathname}/result`, { headers });
    const body = await res.text();
    if (res.status === 200) return { ms: performance.now() - t0, bytes: photo.length };
    if (res.status !== 202) throw new Error(`${name}: result → ${res.status} ${body.slice(0, 200)}`);
    await sleep(50);
  }
}

/** Sends every photo, `parallel` at a time, in order. */
async function sendAll(photos: Buffer[], send: (photo: Buffer, i: number) => Promise<Sent>, parallel: number) {
  const sent: Sent[] = [];
  let next = 0;
  const worker = async () => {
    while (next < photos.length) {
      const i = next++;
      sent[i] = await send(photos[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return sent;
}

async function main() {
  const db = await startBenchDb();
  const ds = await db.open("trip_bench");
  await ds.destroy(); // migrated; the server process opens its own
  let server: ServerChild | null = null;
  try {
    server = await startServerChild({
      databaseUrl: db.url.replace(/\/[^/]*$/, "/trip_bench"),
      dataDir: db.dataDir,
      pin: false,
    });
    const bases = await Promise.all([0, 1, 2, 3].map((i) => makePhoto(i)));
    const photos = (offset: number) => Array.from({ length: PHOTOS }, (_, i) => distinct(bases[(i + offset) % 4]!));
    console.log(
      `12 MP photos (4032×3024, JPEG q90): ${bases.map((b) => (b.length / 1e6).toFixed(1)).join(", ")} MB; ${PHOTOS} per part, ${PARALLEL} at a time, tus chunks of ${CHUNK / MB} MiB`,
    );

    // 1. Ingest, straight to the app.
    if (ONLY !== "uplink") await ingest(server, db.dataDir, bases, photos);
    // 2. The same number of new photos over a shared uplink of MBIT Mbit/s.
    if (ONLY !== "ingest") await uplink(server, db.dataDir, photos);
  } finally {
    await server?.stop();
    await db.stop();
  }
}

/** 1. N photos straight to the app: photos per second, per CPU-second, and peak RSS. */
async function ingest(server: ServerChild, dataDir: string, bases: Buffer[], photos: (offset: number) => Buffer[]) {
  const app = server.appUrl;
  const cookie = await signIn(app, dataDir, "ingest@bench.test");
  await sendPhoto(`${app}/api/uploads`, app, cookie, distinct(bases[0]!), "warm.jpg");
  const list = photos(0);
  const cpu0 = cpuSeconds(server.pid);
  const t0 = performance.now();
  const run = await server.rssDuring(() =>
    sendAll(list, (p, i) => sendPhoto(`${app}/api/uploads`, app, cookie, p, `ingest-${i}.jpg`), PARALLEL),
  );
  const wallS = (performance.now() - t0) / 1000;
  const cpuS = cpuSeconds(server.pid) - cpu0;
  const mb = list.reduce((a, p) => a + p.length, 0) / 1e6;
  console.log(
    [
      `ingest: ${PHOTOS} photos (${mb.toFixed(0)} MB) in ${wallS.toFixed(1)} s wall = ${round(PHOTOS / wallS)} photos/s`,
      `  server process CPU: ${cpuS.toFixed(1)} s = ${round(PHOTOS / cpuS)} photos per CPU-second (per core)`,
      `  server peak RSS: ${(run.peak / MB).toFixed(0)} MiB (before: ${(run.base / MB).toFixed(0)} MiB; target ≤ 400 MB)`,
    ].join("\n"),
  );
}

/** 2. N new photos over a shared uplink of MBIT Mbit/s: wall time against bytes / rate. */
async function uplink(server: ServerChild, dataDir: string, photos: (offset: number) => Buffer[]) {
  const app = server.appUrl;
  const rate = (MBIT * 1e6) / 8;
  const { server: proxy, stats } = uplinkProxy(Number(new URL(app).port), rate);
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", () => resolve()));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  try {
    const cookie = await signIn(app, dataDir, "trip@bench.test");
    const list = photos(1);
    const t0 = performance.now();
    await sendAll(list, (p, i) => sendPhoto(`${proxyUrl}/api/uploads`, app, cookie, p, `trip-${i}.jpg`), PARALLEL);
    const wallS = (performance.now() - t0) / 1000;
    const boundS = stats.sent / rate;
    console.log(
      [
        `trip over ${MBIT} Mbit/s: ${PHOTOS} photos, ${(stats.sent / 1e6).toFixed(0)} MB sent (headers included) in ${wallS.toFixed(1)} s`,
        `  bound (bytes / link rate): ${boundS.toFixed(1)} s → ${round((boundS / wallS) * 100, 1)} % of the link (target ≥ 80 %)`,
      ].join("\n"),
    );
  } finally {
    proxy.close();
  }
}

await main();
