/**
 * Resumable uploads over a bad network (docs/decisions/050-trip-uploads.md, issue 27: bytes sent
 * ≤ 1.1 × the file's size). `npm run bench:resumable` (`-- --mb=N`, `--cut-mb=N`).
 *
 * The real app on an embedded database; between it and the client, a loopback TCP proxy that
 * counts the bytes the client sends and cuts the connection once it has carried `--cut-mb` MB
 * (default 3). The client is tus-js-client (as the app's, in Node) with 8 MiB chunks: each cut
 * costs a HEAD for the server's offset and a new PATCH from there. The file is a real MP4
 * (server/test/fixtures/clip.mp4) grown to `--mb` MB (default 150) by a top-level `free` box of
 * random bytes, so the server ingests it as a video at the end (the box is dropped in the remux).
 * Prints and logs: file size, bytes sent through the proxy (all requests, headers included),
 * their ratio, connections cut, requests, wall time and the upload's result.
 */
import "reflect-metadata";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Upload } from "tus-js-client";
import { startApp } from "./lib/app.js";
import { startBenchDb } from "./lib/db.js";
import { signIn } from "./lib/sign-in.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const MB = 1024 * 1024;
const SIZE = Number(value("mb") ?? 150) * MB;
const CUT = Number(value("cut-mb") ?? 3) * MB;
const CHUNK = 8 * MB;

/** clip.mp4 followed by a `free` box of random bytes, `total` bytes in all. */
function bigVideo(total: number): Buffer {
  const clip = fs.readFileSync(path.join(here, "../server/test/fixtures/clip.mp4"));
  const pad = total - clip.length;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(pad, 0);
  head.write("free", 4, "latin1");
  return Buffer.concat([clip, head, crypto.randomBytes(pad - 8)]);
}

/** A TCP proxy to `port` that counts client→server bytes and cuts each connection after `cut`. */
function cuttingProxy(port: number, cut: number) {
  const stats = { sent: 0, connections: 0, cuts: 0 };
  const server = net.createServer((client) => {
    stats.connections += 1;
    let carried = 0;
    const upstream = net.connect(port, "127.0.0.1");
    client.on("data", (data: Buffer) => {
      const room = cut - carried;
      const part = data.length > room ? data.subarray(0, room) : data;
      carried += part.length;
      stats.sent += part.length;
      upstream.write(part);
      if (carried >= cut) {
        stats.cuts += 1;
        client.destroy();
        upstream.destroy();
      }
    });
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close);
    upstream.on("error", close);
    client.on("close", close);
    upstream.on("close", close);
  });
  return { server, stats };
}

async function main() {
  const db = await startBenchDb();
  const ds = await db.open("resumable_bench");
  const app = await startApp(ds, db.dataDir);
  const { server: proxy, stats } = cuttingProxy(app.port, CUT);
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", () => resolve()));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  try {
    const cookie = await signIn(app.url, db.dataDir, "traveller@bench.test");
    const file = bigVideo(SIZE);
    const headers = { Cookie: cookie, Origin: app.url, "X-Forwarded-Proto": "https" };
    let requests = 0;
    const started = Date.now();
    const location = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(file, {
        endpoint: `${proxyUrl}/api/uploads`,
        chunkSize: CHUNK,
        headers,
        retryDelays: Array.from({ length: 500 }, () => 50),
        metadata: { filename: "week.mp4", filetype: "video/mp4" },
        onBeforeRequest: () => void (requests += 1),
        onError: reject,
        onSuccess: () => resolve(upload.url!),
      });
      upload.start();
    });
    const uploadedMs = Date.now() - started;
    let result: { status: number; body: unknown } = { status: 0, body: null };
    for (;;) {
      const res = await fetch(`${app.url}${new URL(location).pathname}/result`, { headers });
      result = { status: res.status, body: await res.json() };
      if (res.status !== 202) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const ratio = stats.sent / SIZE;
    const lines = [
      `file: ${(SIZE / MB).toFixed(1)} MiB; connection cut after every ${(CUT / MB).toFixed(1)} MiB the client sends; chunks of ${CHUNK / MB} MiB`,
      `bytes sent through the proxy: ${(stats.sent / MB).toFixed(1)} MiB = ${ratio.toFixed(3)} × the file (target ≤ 1.1)`,
      `connections: ${stats.connections}, cut: ${stats.cuts}; requests made by the client: ${requests}`,
      `upload wall time: ${(uploadedMs / 1000).toFixed(1)} s; result: ${result.status} ${JSON.stringify(result.body).slice(0, 160)}`,
    ];
    console.log(lines.join("\n"));
  } finally {
    proxy.close();
    await app.close();
    await ds.destroy();
    await db.stop();
  }
}

await main();
