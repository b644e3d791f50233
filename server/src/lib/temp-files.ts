import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { shardOf, type StoredFile } from "./storage.js";

/** A written temp file before it is committed: where it is and how many bytes it holds. */
export interface WrittenTemp {
  path: string;
  bytes: number;
}

/**
 * Local temp files of uploads in progress, under `<dir>` (DATA_DIR/media/tmp), in a 0700 folder.
 * Both storage implementations stream uploads here first.
 */
export class TempFiles {
  private readonly ready: Promise<void>;

  constructor(readonly dir: string) {
    this.ready = fsp.mkdir(dir, { recursive: true, mode: 0o700 }).then(() => undefined);
  }

  /** Streams `data` (through `transform`) into a new temp file; nothing is left behind on failure. */
  async write(data: NodeJS.ReadableStream, transform?: Transform): Promise<WrittenTemp> {
    const file = await this.freshPath();
    const counter = new ByteCounter();
    const out = fs.createWriteStream(file, { mode: 0o600, flags: "wx" });
    try {
      if (transform) await pipeline(data, transform, counter, out);
      else await pipeline(data, counter, out);
    } catch (err) {
      // The write stream opens its file asynchronously: wait until it is closed, or a refusal
      // that comes before the open completes would remove nothing and leave an empty file.
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await fsp.rm(file, { force: true });
      throw err;
    }
    return { path: file, bytes: counter.bytes };
  }

  /** A temp file written by `produce` at the path it is given; nothing is left behind on failure. */
  async produce(produce: (file: string) => Promise<void>): Promise<WrittenTemp> {
    const file = await this.freshPath();
    try {
      await produce(file);
      const { size } = await fsp.stat(file);
      await fsp.chmod(file, 0o600);
      return { path: file, bytes: size };
    } catch (err) {
      await fsp.rm(file, { force: true });
      throw err;
    }
  }

  private async freshPath(): Promise<string> {
    await this.ready;
    const id = crypto.randomUUID();
    const file = path.join(this.dir, shardOf(id), `${id}.part`);
    await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    return file;
  }

  async clear(): Promise<number> {
    await this.ready;
    const entries = await fsp.readdir(this.dir, { recursive: true, withFileTypes: true });
    const files = entries.filter((e) => e.isFile());
    await Promise.all(files.map((f) => fsp.rm(path.join(f.parentPath, f.name), { force: true })));
    return files.length;
  }

  /** Temp files as "tmp/<shard>/<name>" keys, for the sweeper. */
  async *list(): AsyncIterable<StoredFile> {
    await this.ready;
    yield* listTree(this.dir, "tmp");
  }
}

/** Files two levels down (`<top>/<shard>/<name>`) as keys with their size and mtime. */
export async function* listTree(topDir: string, top: string): AsyncIterable<StoredFile> {
  const shards = await fsp.readdir(topDir, { withFileTypes: true }).catch(() => []);
  for (const shard of shards) {
    if (!shard.isDirectory()) continue;
    const dir = path.join(topDir, shard.name);
    const files = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const f of files) {
      if (!f.isFile()) continue;
      const s = await fsp.stat(path.join(dir, f.name)).catch(() => null);
      if (s) yield { key: `${top}/${shard.name}/${f.name}`, size: s.size, mtime: s.mtime };
    }
  }
}

/** Counts the bytes that pass through. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    cb(null, chunk);
  }
}
