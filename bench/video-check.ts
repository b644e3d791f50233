/**
 * What the video container check (server/src/modules/media/video-container.ts) costs on real and
 * hostile uploads: median time over a few runs, printed; nothing asserted.
 *   npx tsx --tsconfig bench/tsconfig.json bench/video-check.ts
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { containerDuration } from "../server/src/modules/media/video-container.js";

const MB = 1024 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, "../server/test/fixtures");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-video-check-"));

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
const clip = fs.readFileSync(path.join(fixtures, "clip.mp4"));
const boxes: Record<string, Buffer> = {};
for (let pos = 0; pos < clip.length; pos += clip.readUInt32BE(pos)) {
  boxes[clip.toString("latin1", pos + 4, pos + 8)] = clip.subarray(pos, pos + clip.readUInt32BE(pos));
}
/** A moov of `bytes` made only of empty 8-byte boxes (a parser's worst case). */
const flood = (bytes: number) => {
  const b = Buffer.alloc(bytes);
  b.writeUInt32BE(bytes, 0);
  b.write("moov", 4, "latin1");
  for (let p = 8; p + 8 <= bytes; p += 8) {
    b.writeUInt32BE(8, p);
    b.write("trak", p + 4, "latin1");
  }
  return b;
};

const cases: Array<[string, string, () => Buffer]> = [
  ["clip.mp4 (2 s, moov first)", "mp4", () => clip],
  ["clip.webm (2 s)", "webm", () => fs.readFileSync(path.join(fixtures, "clip.webm"))],
  [
    "clip.mp4 with moov last behind 150 MB",
    "mp4",
    () => Buffer.concat([boxes.ftyp!, box("free", Buffer.alloc(150 * MB)), boxes.mdat!, boxes.moov!]),
  ],
  ["30 MB random bytes behind ftyp", "mp4", () => Buffer.concat([boxes.ftyp!, crypto.randomBytes(30 * MB)])],
  ["ftyp + 16 MB moov of empty boxes", "mp4", () => Buffer.concat([boxes.ftyp!, flood(16 * MB - 8)])],
  [
    "WebM head + 30 MB of 0x41 bytes",
    "webm",
    () =>
      Buffer.concat([fs.readFileSync(path.join(fixtures, "clip.webm")).subarray(0, 4100), Buffer.alloc(30 * MB, 0x41)]),
  ],
];

console.log("video container check (median of 5 runs)");
try {
  for (const [name, format, make] of cases) {
    const file = path.join(dir, "upload.part");
    fs.writeFileSync(file, make());
    const times: number[] = [];
    let ok = false;
    for (let i = 0; i < 5; i++) {
      const t0 = process.hrtime.bigint();
      ok = (await containerDuration(file, format)) !== null;
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${name.padEnd(40)} ${ok ? "accepted" : "refused "}  ${times[2]!.toFixed(1)} ms`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
