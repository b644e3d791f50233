import path from "node:path";
import type { Env } from "../config/env.js";
import { LocalStorage } from "./local-storage.js";
import { S3Storage } from "./s3-storage.js";
import type { Storage } from "./storage.js";

/** The store the configuration asks for: the bucket of S3_BUCKET, else DATA_DIR/media on the local disk. */
export function createStorage(env: Env): Storage {
  const media = path.join(env.DATA_DIR, "media");
  if (!env.S3_BUCKET) return new LocalStorage(media);
  return new S3Storage({
    bucket: env.S3_BUCKET,
    tempDir: path.join(media, "tmp"),
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
