import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** RGBA pixels of a decoded HEIC photo, already turned the way it is shown (`irot`/`imir` applied). */
export interface DecodedHeic {
  width: number;
  height: number;
  /** Whether the photo has an alpha channel (RGBA is always returned). */
  alpha: boolean;
  data: Buffer;
}

export class HeicDecodeError extends Error {
  constructor(
    readonly kind: "pixel-limit" | "unreadable",
    message: string,
  ) {
    super(message);
    this.name = "HeicDecodeError";
  }
}

/**
 * The worker's code (CommonJS, run with `eval`): libheif compiled to WebAssembly (libheif-js,
 * whose decoder is libde265) decodes the primary image to RGBA. It runs off the main thread: a
 * 12 MP photo takes about half a second of CPU, which would otherwise stall every request.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
console.log = () => {}; // libheif-js reports failures on the console; they come back as messages
const libheif = require(workerData.libheif);
parentPort.on("message", async ({ id, input, pixelLimit }) => {
  const decoder = new libheif.HeifDecoder();
  let images = [];
  try {
    await libheif.ready;
    images = decoder.decode(input);
    const image = images.find((i) => i.is_primary()) || images[0];
    if (!image) throw new Error("no image in the file");
    const width = image.get_width();
    const height = image.get_height();
    if (!(width > 0 && height > 0)) throw new Error("the image has no size");
    if (width * height > pixelLimit) throw Object.assign(new Error("Input image exceeds pixel limit"), { kind: "pixel-limit" });
    const data = new Uint8ClampedArray(width * height * 4);
    await new Promise((resolve, reject) =>
      image.display({ data, width, height }, (out) => (out ? resolve() : reject(new Error("HEIF decoding failed")))),
    );
    parentPort.postMessage({ id, width, height, alpha: image.has_alpha_channel(), data: data.buffer }, [data.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err), kind: (err && err.kind) || "unreadable" });
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) decoder.decoder.delete();
  }
});
`;

interface Reply {
  id: number;
  width?: number;
  height?: number;
  alpha?: boolean;
  data?: ArrayBuffer;
  error?: string;
  kind?: "pixel-limit" | "unreadable";
}

/**
 * HEIC decoding in a worker thread (docs/decisions/034-media-formats.md): one decode at a time
 * (a 12 MP decode holds about 200 MB; a second one in parallel would double it for little gain on
 * a small server), the worker kept for `idleMs` after its last decode (the WebAssembly heap only
 * grows, so an idle worker is ended to give its memory back), a decode that runs past
 * `timeoutMs` ends its worker.
 */
export class HeicDecoder {
  private readonly idle: Worker[] = [];
  private readonly timers = new Map<Worker, NodeJS.Timeout>();
  private readonly libheif = createRequire(import.meta.url).resolve("libheif-js/wasm-bundle");
  private nextId = 1;
  /** The decode in progress, which the next one waits for. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly idleMs = 20_000,
    private readonly timeoutMs = 60_000,
  ) {}

  decode(input: Buffer, pixelLimit: number): Promise<DecodedHeic> {
    const run = this.queue.then(() => this.decodeNow(input, pixelLimit));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async decodeNow(input: Buffer, pixelLimit: number): Promise<DecodedHeic> {
    const worker = this.idle.pop() ?? this.spawn();
    clearTimeout(this.timers.get(worker));
    this.timers.delete(worker);
    worker.ref();
    const id = this.nextId++;
    let healthy = true;
    try {
      const reply = await new Promise<Reply>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new HeicDecodeError("unreadable", "HEIC decoding took too long")),
          this.timeoutMs,
        );
        const onMessage = (msg: Reply) => {
          if (msg.id !== id) return;
          done();
          resolve(msg);
        };
        const onError = (err: Error) => {
          done();
          reject(new HeicDecodeError("unreadable", `HEIC decoder failed: ${err.message}`));
        };
        const done = () => {
          clearTimeout(timer);
          worker.off("message", onMessage);
          worker.off("error", onError);
        };
        worker.on("message", onMessage);
        worker.once("error", onError);
        const copy = new Uint8Array(input); // its own buffer, handed over without another copy
        worker.postMessage({ id, input: copy, pixelLimit }, [copy.buffer]);
      }).catch((err: unknown) => {
        healthy = false;
        throw err;
      });
      if (reply.error || !reply.data) throw new HeicDecodeError(reply.kind ?? "unreadable", reply.error ?? "no pixels");
      return { width: reply.width!, height: reply.height!, alpha: !!reply.alpha, data: Buffer.from(reply.data) };
    } finally {
      if (healthy) this.release(worker);
      else void worker.terminate();
    }
  }

  /** Ends every worker (tests, shutdown). */
  async close(): Promise<void> {
    const workers = this.idle.splice(0);
    for (const w of workers) clearTimeout(this.timers.get(w));
    this.timers.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { libheif: this.libheif } });
    // a worker that dies between decodes is simply dropped
    worker.on("error", () => this.drop(worker));
    worker.on("exit", () => this.drop(worker));
    return worker;
  }

  private release(worker: Worker): void {
    worker.unref(); // an idle worker never holds the process open
    this.idle.push(worker);
    const timer = setTimeout(() => {
      this.drop(worker);
      void worker.terminate();
    }, this.idleMs);
    timer.unref();
    this.timers.set(worker, timer);
  }

  private drop(worker: Worker): void {
    clearTimeout(this.timers.get(worker));
    this.timers.delete(worker);
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
  }
}
