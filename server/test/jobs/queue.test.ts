/**
 * The server's queue (pg-boss in the test database): the media sweep is a schedule that runs as
 * one job at a time, the accept fan-out runs as a job, and stopping the app stops the queue
 * with nothing left running (docs/decisions/021-durable-jobs.md).
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
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { connect, createTimeline, createUser } from "../factories/index.js";
import { gql, signInAs } from "../helpers/sign-in-as.js";
import type { TestApp } from "../helpers/test-app.js";
import { createTestDatabase } from "../helpers/test-db.js";
import { until } from "../helpers/until.js";

describe("the job queue in the server", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: App & Pick<TestApp, "ds" | "env" | "clock">;
  let dataDir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-queue-"));
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
    const clock = new FakeClock(new Date());
    const built = await createApp({
      ds: db.ds,
      env,
      clock,
      logger: createLogger("info", sink),
      clientDist: path.join(dataDir, "no-client"),
      backgroundJobs: true,
      jobOptions: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
    });
    app = Object.assign(built, { ds: db.ds, env, clock });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("schedules the media sweep every 6 hours (UTC) on a singleton queue, and runs it as a job", async () => {
    const [schedule] = await db.ds.query(`SELECT cron, timezone FROM pgboss.schedule WHERE name = 'media-sweep'`);
    expect(schedule).toEqual({ cron: "0 */6 * * *", timezone: "UTC" });
    const [queue] = await db.ds.query(`SELECT policy FROM pgboss.queue WHERE name = 'media-sweep'`);
    expect(queue).toEqual({ policy: "singleton" });
    await app.services.jobs.send("media-sweep", {});
    const line = await until("the sweep", () => logs.find((l) => l.includes('"event":"media_sweep"')));
    expect(JSON.parse(line)).toMatchObject({ rows: 0, files: 0 });
  });

  it("accepting a proposal answers, and the queue tells the pair's connections", async () => {
    const amy = await createUser(db.ds, { displayName: "Amy" });
    const bo = await createUser(db.ds, { displayName: "Bo" });
    const fay = await createUser(db.ds);
    await connect(db.ds, amy, fay);
    const subject = await createTimeline(db.ds, {
      createdById: amy.id,
      collaboratorId: bo.id,
      privacy: Privacy.PUBLIC,
      status: TimelineStatus.PENDING,
      title: "Lake",
    });
    const boA = await signInAs(app as unknown as TestApp, bo);
    const res = await gql(boA, `mutation($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id status } } }`, {
      id: subject.id,
    });
    expect(res.errors).toBeUndefined();
    const told = await until(
      "the fan-out",
      async () =>
        (await db.ds
          .getRepository(Notification)
          .countBy({ recipientId: fay.id, relatedTimelineId: subject.id, type: NotificationType.TIMELINE_CREATED })) ===
        1,
    );
    expect(told).toBe(true);
  });

  it("stops cleanly: nothing left active in the queue", async () => {
    await app.stop();
    const [{ n }] = await db.ds.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'`);
    expect(n).toBe(0);
  });
});
