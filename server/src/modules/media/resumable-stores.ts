import fs from "node:fs";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { ERRORS, type DataStore, type KvStore } from "@tus/utils";
import { S3Storage } from "../../lib/s3-storage.js";
import type { Storage } from "../../lib/storage.js";

/**
 * Where a resumable upload's bytes wait until the last one is in (docs/decisions/056-resumable-uploads-shared.md),
 * so that every app process reaches them: with media in a bucket, in that bucket as an S3 multipart
 * upload (`@tus/s3-store`: the object `<id>`, its parts, `<id>.info` and `<id>.part` for a tail under
 * 5 MiB; upload ids are 64 hex digits, which the media keys never are, so the media sweeper never
 * touches them); with media on the disk, in `DATA_DIR/uploads` (`@tus/file-store`: processes on one
 * machine share the data folder; its metadata are files there too).
 */
export async function uploadStore(storage: Storage, dataDir: string, expiryMs: number): Promise<DataStore> {
  if (storage instanceof S3Storage) return s3UploadStore(storage, expiryMs);
  const directory = path.join(dataDir, "uploads");
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  return new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
}

/** The upload's stored bytes (the finished object), to ingest them. */
export async function readUpload(store: DataStore, id: string): Promise<NodeJS.ReadableStream> {
  if (store instanceof FileStore) return fs.createReadStream(path.join(store.directory, id));
  // S3Store: the finished object (a GetObject body)
  return (store as DataStore & { read(id: string): Promise<NodeJS.ReadableStream> }).read(id);
}

/**
 * No cache of the uploads' metadata in the process: another process may have finished or removed
 * the upload since, so each request reads `<id>.info` from the bucket.
 */
class NoCache<T> implements KvStore<T> {
  async get(): Promise<T | undefined> {
    return undefined;
  }
  async set(): Promise<void> {}
  async delete(): Promise<void> {}
}

/** Loaded only with media in a bucket: the S3 SDK is not loaded otherwise (docs/decisions/019-scaling-out.md). */
async function s3UploadStore(storage: S3Storage, expiryMs: number): Promise<DataStore> {
  const { S3Store } = await import("@tus/s3-store");
  const { bucket, region, endpoint, forcePathStyle, credentials } = storage.bucketSettings;

  class SharedS3Store extends S3Store {
    /**
     * Removes an upload, finished or not: aborts its multipart upload (a finished one has none
     * left), then deletes the object, its info and its incomplete tail. The library's own remove
     * leaves a finished upload's objects and the tail in the bucket.
     */
    override async remove(id: string): Promise<void> {
      let uploadId: string | undefined;
      try {
        uploadId = (await this.getMetadata(id))["upload-id"];
      } catch (err) {
        if (isNotFound(err)) throw ERRORS.FILE_NOT_FOUND;
        throw err;
      }
      if (uploadId) {
        await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId }).catch((err) => {
          if (!isNotFound(err)) throw err;
        });
      }
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true },
      });
    }
  }

  return new SharedS3Store({
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: expiryMs,
    // expiry is ours (the media sweep), not a bucket lifecycle rule on tags
    useTags: false,
    cache: new NoCache(),
    s3ClientConfig: {
      bucket,
      region,
      endpoint,
      forcePathStyle,
      credentials,
      // as the media store: checksums only where S3 requires them
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    },
  });
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return (
    ["NotFound", "NoSuchKey", "NoSuchUpload"].includes(e?.name ?? e?.Code ?? "") || e?.$metadata?.httpStatusCode === 404
  );
}
