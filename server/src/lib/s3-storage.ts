import fs from "node:fs";
import fsp from "node:fs/promises";
import { Readable, type Transform } from "node:stream";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import { KEY_PATTERN, assertKey, type Storage, type StoredFile, type TempFile } from "./storage.js";
import { TempFiles, type WrittenTemp } from "./temp-files.js";

type S3Module = typeof import("@aws-sdk/client-s3");

export interface S3StorageOptions {
  bucket: string;
  /** Local folder for uploads in progress (DATA_DIR/media/tmp). */
  tempDir: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Tests only; deployments use the SDK's standard chain (AWS_ACCESS_KEY_ID…, profiles, roles). */
  credentials?: S3ClientConfig["credentials"];
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
};

/** DeleteObjects takes at most 1000 keys per request. */
const DELETE_BATCH = 1000;

/**
 * Media in a private S3-compatible bucket (AWS S3, MinIO, R2…), through @aws-sdk/client-s3. The
 * bucket is never exposed: /media checks access, then streams from here (docs/decisions/019-scaling-out.md).
 * The SDK is loaded on first use, so a deployment without S3_BUCKET never loads it.
 */
export class S3Storage implements Storage {
  readonly shared = true;
  private readonly temp: TempFiles;
  private sdk: Promise<{ s3: S3Module; client: S3Client }> | null = null;

  constructor(private readonly opts: S3StorageOptions) {
    this.temp = new TempFiles(opts.tempDir);
  }

  /** The bucket and how to reach it (resumable uploads keep their parts there too). */
  get bucketSettings(): Omit<S3StorageOptions, "tempDir"> {
    const { tempDir: _, ...settings } = this.opts;
    return settings;
  }

  private connect(): Promise<{ s3: S3Module; client: S3Client }> {
    this.sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.opts.region,
        endpoint: this.opts.endpoint,
        forcePathStyle: this.opts.forcePathStyle,
        credentials: this.opts.credentials,
        // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer on every
        // upload, aws-chunked) is not understood by several S3-compatible servers.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    }));
    return this.sdk;
  }

  private async putObject(key: string, body: Buffer | Readable, length: number): Promise<void> {
    assertKey(key);
    const { s3, client } = await this.connect();
    const ext = key.slice(key.lastIndexOf(".") + 1);
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.opts.bucket,
        Key: key,
        Body: body,
        ContentLength: length,
        ContentType: CONTENT_TYPES[ext] ?? "application/octet-stream",
      }),
    );
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
        await this.putObject(key, fs.createReadStream(written.path), written.bytes);
        done = true;
        await fsp.rm(written.path, { force: true });
      },
      discard: async () => {
        done = true;
        await fsp.rm(written.path, { force: true });
      },
    };
  }

  async put(key: string, data: Buffer | NodeJS.ReadableStream): Promise<number> {
    assertKey(key);
    if (Buffer.isBuffer(data)) {
      await this.putObject(key, data, data.length);
      return data.length;
    }
    const temp = await this.writeTemp(data); // S3 needs the length up front
    try {
      await temp.commit(key);
    } finally {
      await temp.discard();
    }
    return temp.bytes;
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    assertKey(key);
    const { s3, client } = await this.connect();
    const answer = await client.send(
      new s3.GetObjectCommand({
        Bucket: this.opts.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return answer.Body as Readable; // Node: an http.IncomingMessage
  }

  async stat(key: string): Promise<StoredFile | null> {
    if (!KEY_PATTERN.test(key)) return null;
    const { s3, client } = await this.connect();
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async remove(keys: Iterable<string>): Promise<void> {
    const list = [...new Set(keys)].filter((k) => KEY_PATTERN.test(k));
    if (!list.length) return;
    const { s3, client } = await this.connect();
    for (let i = 0; i < list.length; i += DELETE_BATCH) {
      const batch = list.slice(i, i + DELETE_BATCH);
      const answer = await client.send(
        new s3.DeleteObjectsCommand({
          Bucket: this.opts.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (answer.Errors?.length) {
        throw new Error(`${answer.Errors.length} objects could not be removed (${answer.Errors[0]?.Code ?? "error"})`);
      }
    }
  }

  clearTemp(): Promise<number> {
    return this.temp.clear();
  }

  async *list(): AsyncIterable<StoredFile> {
    const { s3, client } = await this.connect();
    for (const prefix of ["originals/", "variants/"]) {
      const pages = s3.paginateListObjectsV2({ client }, { Bucket: this.opts.bucket, Prefix: prefix });
      for await (const page of pages) {
        for (const o of page.Contents ?? []) {
          if (o.Key && KEY_PATTERN.test(o.Key)) {
            yield { key: o.Key, size: o.Size ?? 0, mtime: o.LastModified ?? new Date(0) };
          }
        }
      }
    }
    yield* this.temp.list();
  }

  /** Closes the SDK's connections (tests; the server process just exits). */
  async close(): Promise<void> {
    if (this.sdk) (await this.sdk).client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}
