/**
 * The transcode as a durable job (docs/decisions/034-media-formats.md, 021-durable-jobs.md): on the
 * real queue (pg-boss in the test database) an upload answers at once with a PREPARING video and
 * its poster; the job makes the H.264 copy and the media turns READY; a transcode that fails is
 * retried and then the media is FAILED, and GraphQL says so.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../src/app.js";
import { parseEnv } from "../../src/config/env.js";
import { FakeClock } from "../../src/lib/clock.js";
import { createLogger } from "../../src/lib/logger.js";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { MediaStatus } from "../../src/entities/media.enums.js";
import { createUser } from "../factories/index.js";
import { fixture } from "../helpers/fixtures.js";
import { createTestDatabase } from "../helpers/test-db.js";
import { until } from "../helpers/until.js";

describe("video transcodes on the durable queue", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: App;
  let dataDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-transcode-"));
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      APP_URL: "http://keepsake.test",
      SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
    });
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    app = await createApp({
      ds: db.ds,
      env,
      clock: new FakeClock(new Date()),
      logger: createLogger("info", sink),
      clientDist: path.join(dataDir, "no-client"),
      backgroundJobs: true,
      jobOptions: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ingest = async (name: string) => {
    const owner = await createUser(db.ds);
    const media = await app.services.media.ingest({ userId: owner.id }, { stream: fs.createReadStream(fixture(name)) });
    return { owner, media };
  };
  const statusOf = async (id: string) => (await db.ds.getRepository(MediaFile).findOneByOrFail({ id })).status;

  it("answers with a PREPARING video and its poster; the job makes the H.264 copy, then READY", async () => {
    const { media } = await ingest("clip-hevc.mov");
    expect(media.status).toBe(MediaStatus.PREPARING);
    expect(app.services.media.urlsFor(media)).toMatchObject({
      url: null,
      posterUrl: expect.stringMatching(/\/poster\?/),
      thumbUrl: expect.stringMatching(/\/thumb\?/),
    });
    await until("the transcode", async () => (await statusOf(media.id)) === MediaStatus.READY, 60_000);
    const row = await db.ds.getRepository(MediaFile).findOneByOrFail({ id: media.id });
    expect(row.variants.video).toMatch(/-video-[0-9a-f]+\.mp4$/);
    expect(row.variants.video).not.toBe(row.originalKey);
    expect(app.services.media.urlsFor(row).url).toMatch(/\/video\?/);
  }, 90_000);

  it("a transcode that fails is tried three times (two retries), then the media is FAILED", async () => {
    const { owner, media } = await ingest("clip-bad-audio.mov");
    expect(media.status).toBe(MediaStatus.PREPARING);
    await until("the last attempt", async () => (await statusOf(media.id)) === MediaStatus.FAILED, 60_000);
    const attempts = logs
      .flatMap((chunk) => chunk.split("\n")) // a chunk of the log may hold several lines
      .filter((l) => l.includes('"video transcode failed"') && l.includes(media.id))
      .map((l) => (JSON.parse(l) as { lastAttempt: boolean }).lastAttempt);
    expect(attempts).toEqual([false, false, true]);
    // the job's record: its last attempt, the third, handled the failure (pg-boss notes it just after)
    const job = await until("the job's completion", async () => {
      const [found] = (await db.ds.query(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'media-transcode' AND data->>'mediaId' = $1`,
        [media.id],
      )) as { state: string; retry_count: number }[];
      return found?.state === "completed" ? found : null;
    });
    expect(job.retry_count).toBe(2);
    const row = await db.ds.getRepository(MediaFile).findOneByOrFail({ id: media.id });
    expect(row.variants.video).toBeUndefined();
    expect(row.variants.poster).toBeDefined();
    expect(await app.services.media.uploadLimits.used(owner.id)).toBe(row.storedBytes);
  }, 90_000);

  it("redoes videos stored before the pipeline every 15 minutes, one run at a time", async () => {
    const [schedule] = await db.ds.query(
      `SELECT cron, timezone FROM pgboss.schedule WHERE name = 'media-legacy-videos'`,
    );
    expect(schedule).toEqual({ cron: "*/15 * * * *", timezone: "UTC" });
    const [queue] = await db.ds.query(`SELECT policy FROM pgboss.queue WHERE name = 'media-legacy-videos'`);
    expect(queue).toEqual({ policy: "singleton" });
  });
});
