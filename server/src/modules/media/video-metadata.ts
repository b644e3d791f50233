import fsp from "node:fs/promises";

/**
 * Phones write the recording place into MP4/QuickTime files: `moov/udta/©xyz` (ISO 6709) and
 * `moov/meta` (com.apple.quicktime.location.ISO6709), plus make/model. Without ffmpeg we cannot
 * remux, but we can neutralise those boxes in place: renaming a box's type to `free` (and zeroing
 * its payload) keeps every size and offset intact, and players skip `free` boxes.
 *
 * Only box headers are read, so this is cheap even for a 200 MB file whose `moov` is at the end.
 * Returns how many boxes were neutralised. Malformed structures are left alone (never throws on
 * content; only on I/O errors).
 */
const CONTAINERS = new Set(["moov", "trak"]);
const METADATA = new Set(["udta", "meta"]);
const MAX_BOXES = 10_000;

export async function scrubMp4Metadata(file: string): Promise<number> {
  const fh = await fsp.open(file, "r+");
  try {
    const { size } = await fh.stat();
    let scrubbed = 0;
    let seen = 0;
    const header = Buffer.alloc(16);

    const walk = async (start: number, end: number, depth: number): Promise<void> => {
      let pos = start;
      while (pos + 8 <= end && seen++ < MAX_BOXES) {
        const { bytesRead } = await fh.read(header, 0, 16, pos);
        if (bytesRead < 8) return;
        let boxSize = header.readUInt32BE(0);
        const type = header.toString("latin1", 4, 8);
        let headerSize = 8;
        if (boxSize === 1) {
          if (bytesRead < 16) return;
          const big = header.readBigUInt64BE(8);
          if (big > BigInt(Number.MAX_SAFE_INTEGER)) return;
          boxSize = Number(big);
          headerSize = 16;
        } else if (boxSize === 0) {
          boxSize = end - pos; // extends to the end of its container
        }
        if (boxSize < headerSize || pos + boxSize > end) return; // malformed: stop here
        if (METADATA.has(type) && depth > 0) {
          await fh.write(Buffer.from("free", "latin1"), 0, 4, pos + 4);
          await zero(fh, pos + headerSize, boxSize - headerSize);
          scrubbed++;
        } else if (CONTAINERS.has(type) && depth < 2) {
          await walk(pos + headerSize, pos + boxSize, depth + 1);
        }
        pos += boxSize;
      }
    };

    await walk(0, size, 0);
    return scrubbed;
  } finally {
    await fh.close();
  }
}

async function zero(fh: fsp.FileHandle, start: number, length: number): Promise<void> {
  const chunk = Buffer.alloc(Math.min(length, 64 * 1024));
  for (let done = 0; done < length;) {
    const n = Math.min(chunk.length, length - done);
    await fh.write(chunk, 0, n, start + done);
    done += n;
  }
}
