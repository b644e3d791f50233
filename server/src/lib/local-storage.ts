import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, type Transform } from "node:stream";
import { KEY_PATTERN, assertKey, type Storage, type StoredFile, type TempFile } from "./storage.js";
import { TempFiles, listTree, type WrittenTemp } from "./temp-files.js";

/** Media on the local disk under `<root>` (DATA_DIR/media), 0700 folders. The zero-setup default. */
export class LocalStorage implements Storage {
  readonly shared = false;
  private readonly temp: TempFiles;
  private readonly ready: Promise<void>;

  constructor(readonly root: string) {
    this.temp = new TempFiles(path.join(root, "tmp"));
    this.ready = this.init();
  }

  private async init(): Promise<void> {
    for (const dir of ["originals", "variants"]) {
      await fsp.mkdir(path.join(this.root, dir), { recursive: true, mode: 0o700 });
    }
  }

  /** The local path of a key. */
  localPath(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async writeTemp(data: NodeJS.ReadableStream, transform?: Transform): Promise<TempFile> {
    return this.tempFile(await this.temp.write(data, transform));
  }

  async produceTemp(produce: (path: string) => Promise<void>): Promise<TempFile> {
    return this.tempFile(await this.temp.produce(produce));
  }

  private tempFile(written: WrittenTemp): TempFile {
    let done = false;
    return {
      ...written,
      commit: async (key: string) => {
        if (done) throw new Error("temp file already committed or discarded");
        const target = this.localPath(key);
        await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fsp.rename(written.path, target); // atomic: a reader never sees a partial file
        done = true;
      },
      discard: async () => {
        done = true;
        await fsp.rm(written.path, { force: true });
      },
    };
  }

  async put(key: string, data: Buffer | NodeJS.ReadableStream): Promise<number> {
    assertKey(key);
    const temp = await this.writeTemp(Buffer.isBuffer(data) ? Readable.from([data]) : data);
    try {
      await temp.commit(key);
    } catch (err) {
      await temp.discard();
      throw err;
    }
    return temp.bytes;
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const handle = await fsp.open(this.localPath(key), "r"); // rejects (ENOENT) when missing
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredFile | null> {
    if (!KEY_PATTERN.test(key)) return null; // not a key this store makes: nothing there
    try {
      const s = await fsp.stat(this.localPath(key));
      return s.isFile() ? { key, size: s.size, mtime: s.mtime } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async remove(keys: Iterable<string>): Promise<void> {
    const paths = [...new Set(keys)].filter((k) => KEY_PATTERN.test(k)).map((k) => this.localPath(k));
    await Promise.all(paths.map((p) => fsp.rm(p, { force: true })));
  }

  clearTemp(): Promise<number> {
    return this.temp.clear();
  }

  async *list(): AsyncIterable<StoredFile> {
    await this.ready;
    for (const top of ["originals", "variants"]) yield* listTree(path.join(this.root, top), top);
    yield* this.temp.list();
  }
}
