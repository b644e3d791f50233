import fsp from "node:fs/promises";
import { parseBuffer } from "music-metadata";

const MB = 1024 * 1024;
/** A WebM's EBML header, Segment Info and Tracks come before its clusters (browsers need them first). */
const WEBM_HEAD_BYTES = 1 * MB;
/** A phone's 200 MB video has a `moov` of well under 1 MB (its sample tables). */
const MAX_MOOV_BYTES = 16 * MB;
const MAX_FTYP_BYTES = 4096;
/** Boxes inside `moov` that music-metadata descends into; a flood of tiny boxes is refused first. */
const MOOV_CONTAINERS: Record<string, number> = {
  moov: 0,
  trak: 0,
  mdia: 0,
  minf: 0,
  stbl: 0,
  edts: 0,
  dinf: 0,
  udta: 0,
  mvex: 0,
  tref: 0,
  ilst: 0,
  meta: 4, // a full box: version and flags before its children
};
const MAX_MOOV_BOXES = 20_000;
const MAX_TOP_LEVEL_BOXES = 1_000;

/**
 * The duration in seconds of an upload whose first bytes say "video", or null when it is not a
 * real container: an MP4/QuickTime file with an `ftyp` and a `moov` whose movie header gives a
 * positive duration, or a WebM whose Segment Info (in its first MB) gives a positive duration —
 * parsed by music-metadata, not guessed from magic bytes. Only headers are read: the top-level box headers of an MP4 (so `mdat` is never
 * read, wherever `moov` is), its `moov`, or the first MB of a WebM. Work is bounded before the
 * parser runs (`moov` size and box count), so a header glued to junk costs milliseconds
 * (docs/decisions/004-media-pipeline.md, "Limits").
 */
export async function containerDuration(file: string, format: string): Promise<number | null> {
  try {
    const webm = format === "webm";
    const head = webm ? await readHead(file, WEBM_HEAD_BYTES) : await mp4Header(file);
    if (!head) return null;
    const { format: info } = await parseBuffer(
      head,
      { mimeType: webm ? "video/webm" : "video/mp4", size: head.length },
      { duration: false, skipCovers: true },
    );
    const isMatroska = /^EBML\/(webm|matroska)$/i.test(info.container ?? "");
    if (webm !== isMatroska) return null;
    // music-metadata times a movie by its sound; a movie header times the whole of it (silent ones too)
    const duration = webm ? info.duration : movieDuration(head);
    const ok = typeof duration === "number" && Number.isFinite(duration) && duration > 0;
    return ok ? duration : null;
  } catch {
    // Any parse failure (a box larger than the file, an unknown structure) is "not a video".
    return null;
  }
}

/** Seconds from the `mvhd` of `ftyp`+`moov` (as `mp4Header` returns them), or null. */
function movieDuration(head: Buffer): number | null {
  const ftypSize = head.readUInt32BE(0);
  const moov = head.subarray(ftypSize);
  for (let pos = 8; pos + 8 <= moov.length;) {
    const size = moov.readUInt32BE(pos);
    if (size < 8) return null;
    if (moov.toString("latin1", pos + 4, pos + 8) === "mvhd") {
      const v1 = moov[pos + 8] === 1; // 64-bit times and duration
      if (pos + (v1 ? 40 : 28) > moov.length) return null;
      const timescale = moov.readUInt32BE(pos + (v1 ? 28 : 20));
      const units = v1 ? Number(moov.readBigUInt64BE(pos + 32)) : moov.readUInt32BE(pos + 24);
      return timescale > 0 ? units / timescale : null;
    }
    pos += size;
  }
  return null;
}

async function readHead(file: string, max: number): Promise<Buffer> {
  const fh = await fsp.open(file, "r");
  try {
    const buf = Buffer.alloc(Math.min(max, (await fh.stat()).size));
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * `ftyp` + `moov` of an MP4/QuickTime file, read by walking the top-level box headers (every box
 * must fit in the file), or null when the structure is not a movie's.
 */
async function mp4Header(file: string): Promise<Buffer | null> {
  const fh = await fsp.open(file, "r");
  try {
    const { size } = await fh.stat();
    const header = Buffer.alloc(16);
    let ftyp: { pos: number; size: number } | null = null;
    let moov: { pos: number; size: number } | null = null;
    for (let pos = 0, n = 0; pos < size; n++) {
      if (n >= MAX_TOP_LEVEL_BOXES || pos + 8 > size) return null;
      const { bytesRead } = await fh.read(header, 0, 16, pos);
      let boxSize = header.readUInt32BE(0);
      const type = header.toString("latin1", 4, 8);
      if (boxSize === 1) {
        if (bytesRead < 16) return null;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        boxSize = size - pos; // the last box runs to the end of the file
      }
      if (boxSize < 8 || pos + boxSize > size) return null;
      if (n === 0 && (type !== "ftyp" || boxSize > MAX_FTYP_BYTES)) return null;
      if (type === "ftyp" && n === 0) ftyp = { pos, size: boxSize };
      if (type === "moov") {
        if (moov || boxSize > MAX_MOOV_BYTES) return null;
        moov = { pos, size: boxSize };
      }
      pos += boxSize;
    }
    if (!ftyp || !moov) return null;
    const out = Buffer.alloc(ftyp.size + moov.size);
    await fh.read(out, 0, ftyp.size, ftyp.pos);
    await fh.read(out, ftyp.size, moov.size, moov.pos);
    return countBoxes(out.subarray(ftyp.size), 0) <= MAX_MOOV_BOXES ? out : null;
  } finally {
    await fh.close();
  }
}

/** Boxes in `buf` and, recursively, in the containers music-metadata reads (stops past the budget). */
function countBoxes(buf: Buffer, depth: number): number {
  let count = 0;
  for (let pos = 0; pos + 8 <= buf.length && count <= MAX_MOOV_BOXES;) {
    const size = buf.readUInt32BE(pos);
    if (size < 8 || pos + size > buf.length) return count + 1; // the parser refuses it anyway
    const type = buf.toString("latin1", pos + 4, pos + 8);
    count++;
    const skip = MOOV_CONTAINERS[type];
    if (skip !== undefined && depth < 8) count += countBoxes(buf.subarray(pos + 8 + skip, pos + size), depth + 1);
    pos += size;
  }
  return count;
}
