import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

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
