import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's own error type, so an error answer has the S3 XML shape the SDK reads. */
const S3Error = createRequire(import.meta.url)("s3rver/lib/models/error") as new (
  code: string,
  message: string,
  detail?: Record<string, string>,
) => Error;

export interface TestS3 {
  /** S3_ENDPOINT for the app: http://127.0.0.1:<port> (path-style addressing). */
  endpoint: string;
  bucket: string;
  /** Credentials s3rver accepts; the app reads them from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The settings a server process gets (S3_* and the SDK's standard credential variables). */
  env: Record<string, string>;
  /** The SDK client the helper uses (path-style, test credentials). */
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Removes every object (between tests). */
  empty(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server in the test process (s3rver, objects in a temp folder) with one
 * private bucket: the S3 storage is tested over HTTP with the real SDK, no mock.
 */
export async function startTestS3(bucket = "keepsake-test"): Promise<TestS3> {
  // The SDK warns once per process that its 2027 releases need Node 22; not news in a test log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  addMultipartListings(server, dir);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
  });
  const keys = async () => {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      out.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return out.sort();
  };
  return {
    endpoint,
    bucket,
    credentials,
    client,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    keys,
    async empty() {
      const all = await keys();
      if (all.length) {
        await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.map((Key) => ({ Key })) } }),
        );
      }
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}

/**
 * s3rver 3 stores multipart uploads but cannot list their parts, abort one or list them, which
 * resumable uploads in a bucket use (@tus/s3-store, docs/decisions/056-resumable-uploads-shared.md):
 * answered here from s3rver's own folder of parts (`<bucket>/._S3rver_uploads/<uploadId>/`), before
 * its router. ListParts and ListMultipartUploads answer everything on one page.
 */
function addMultipartListings(server: S3rver, dir: string): void {
  const uploadsOf = (bucket: string) => path.join(dir, bucket, "._S3rver_uploads");
  const middleware = async (ctx: KoaContext, next: () => Promise<void>) => {
    const [, bucket, ...rest] = ctx.path.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const uploadId = typeof ctx.query.uploadId === "string" ? ctx.query.uploadId : null;
    if (bucket && key && uploadId && (ctx.method === "GET" || ctx.method === "DELETE")) {
      const folder = path.join(uploadsOf(bucket), path.basename(uploadId));
      if (!fs.existsSync(path.join(folder, "key"))) {
        throw new S3Error("NoSuchUpload", "The specified upload does not exist.", { UploadId: uploadId });
      }
      if (ctx.method === "DELETE") {
        fs.rmSync(folder, { recursive: true, force: true });
        ctx.status = 204;
        ctx.body = "";
        return;
      }
      const parts = fs
        .readdirSync(folder)
        .filter((f) => /^\d+$/.test(f))
        .map(Number)
        .sort((a, b) => a - b)
        .map((n) => {
          const stat = fs.statSync(path.join(folder, String(n)));
          return {
            PartNumber: n,
            LastModified: stat.mtime.toISOString(),
            ETag: JSON.stringify(fs.readFileSync(path.join(folder, `${n}.md5`), "utf8")),
            Size: stat.size,
          };
        });
      ctx.body = {
        ListPartsResult: { Bucket: bucket, Key: key, UploadId: uploadId, IsTruncated: false, Part: parts },
      };
      return;
    }
    if (bucket && !key && ctx.method === "GET" && "uploads" in ctx.query) {
      const root = uploadsOf(bucket);
      const ids = fs.existsSync(root) ? fs.readdirSync(root) : [];
      const uploads = ids
        .filter((id) => fs.existsSync(path.join(root, id, "key")))
        .map((id) => ({
          Key: fs.readFileSync(path.join(root, id, "key"), "utf8"),
          UploadId: id,
          Initiated: fs.statSync(path.join(root, id, "key")).mtime.toISOString(),
        }));
      ctx.body = { ListMultipartUploadsResult: { Bucket: bucket, IsTruncated: false, Upload: uploads } };
      return;
    }
    await next();
  };
  // before the router, the last of s3rver's middleware (after its XML encoder)
  const stack = (server as unknown as { middleware: unknown[] }).middleware;
  stack.splice(stack.length - 1, 0, middleware);
}
