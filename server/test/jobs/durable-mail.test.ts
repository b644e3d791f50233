/**
 * Sign-in and invitation mails go through the durable queue (pg-boss in the test database):
 * the request answers at once whatever the mail server does, the mail arrives once the mail
 * server is back, a job outlives the app that enqueued it, and a link that expired before its
 * mail could go is dropped and logged, never sent (docs/decisions/021-durable-jobs.md).
 */
import { Writable } from "node:stream";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import request from "supertest";
import type { DataSource } from "typeorm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../src/app.js";
import { parseEnv } from "../../src/config/env.js";
import { createDataSource } from "../../src/db/data-source.js";
import { FakeClock } from "../../src/lib/clock.js";
import { createLogger } from "../../src/lib/logger.js";
import { mailOnce } from "../../src/lib/mail-once.js";
import { createMailer } from "../../src/lib/mailer.js";
import { createUser } from "../factories/index.js";
import { signInSecrets, startMailCatcher, type MailCatcher } from "../helpers/mail-catcher.js";
import { SAME_ORIGIN } from "../helpers/sign-in.js";
import { signInAs } from "../helpers/sign-in-as.js";
import { createTestDatabase } from "../helpers/test-db.js";
import { until } from "../helpers/until.js";
import { startDbProxy } from "../ops/db-proxy.js";
import type { TestApp } from "../helpers/test-app.js";

describe("durable mail", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let smtp: MailCatcher;
  let port: number;
  let dataDir: string;
  const logs: string[] = [];
  const apps: { app: App; ds: DataSource }[] = [];
  const clock = new FakeClock(new Date());

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = await startMailCatcher();
    port = Number(new URL(smtp.url).port);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-jobs-"));
  });
  afterEach(async () => {
    logs.length = 0;
    for (const a of apps.splice(0)) {
      await a.app.stop();
      if (a.ds !== db.ds) await a.ds.destroy();
    }
  });
  afterAll(async () => {
    await smtp?.close().catch(() => undefined);
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * An app process on the test database: `own` gives it its own pool, as another process has;
   * `url` reaches the database another way (a proxy the test can cut); `retryLimit` replaces
   * every job's retries.
   */
  const startApp = async ({
    own = false,
    url,
    retryLimit,
  }: { own?: boolean; url?: string; retryLimit?: number } = {}) => {
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      AUTH_IP_HOURLY_LIMIT: "10000",
      APP_URL: "http://keepsake.test",
      SESSION_SECRET: "test-secret-test-secret-test-secret-0123",
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
    const ds = own || url ? createDataSource(url ?? db.url, { poolSize: 4 }) : db.ds;
    if (ds !== db.ds) await ds.initialize();
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(chunk.toString());
        done();
      },
    });
    const app = await createApp({
      ds,
      env,
      clock,
      logger: createLogger("info", sink),
      clientDist: path.join(dataDir, "no-client"),
      backgroundJobs: true,
      jobOptions: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, retryLimit },
    });
    apps.push({ app, ds });
    return Object.assign(app, { env, ds, clock });
  };

  const askLink = (app: App, email: string) =>
    request(app.app).post("/api/auth/email").set(SAME_ORIGIN).send({ email }).expect(200);

  /** Jobs of `name` by state, read from the queue's own table. */
  const jobStates = async (name: string): Promise<Record<string, number>> => {
    const rows = (await db.ds.query(
      `SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY state`,
      [name],
    )) as { state: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.state, r.n]));
  };
  /** Resolves once no job of `name` waits, retries or runs: nothing more of it will be sent. */
  const settled = (name: string) =>
    until(`every ${name} job settled`, async () => {
      const states = await jobStates(name);
      return ["created", "retry", "active"].every((s) => !states[s]) && states;
    });

  it("answers 200 while the mail server is down; the mail arrives once it is back, and its code signs in", async () => {
    const app = await startApp();
    await smtp.close(); // the mail server goes away
    const res = await askLink(app, "blink@example.com");
    expect(res.body).toMatchObject({ message: "Please check your email for the login link!" });
    await until("a failed attempt", () => logs.some((l) => l.includes('"event":"auth.link_send_failed"')));
    expect(smtp.to("blink@example.com")).toHaveLength(0);

    smtp = await startMailCatcher({ port }); // back on the same address
    const mail = await until("the mail", () => smtp.to("blink@example.com")[0]);
    const { code } = signInSecrets(mail);
    await request(app.app)
      .post("/api/auth/code")
      .set(SAME_ORIGIN)
      .send({ email: "blink@example.com", code })
      .expect(200);
  });

  it("keeps the link and the code out of the job table in clear text", async () => {
    const app = await startApp();
    smtp.failing = true;
    await askLink(app, "sealed@example.com");
    const [job] = await db.ds.query(
      `SELECT data::text AS data FROM pgboss.job WHERE name = 'sign-in-mail' ORDER BY created_on DESC LIMIT 1`,
    );
    smtp.failing = false;
    const mail = await until("the mail", () => smtp.to("sealed@example.com")[0]);
    const { token, code } = signInSecrets(mail);
    expect(job.data).not.toContain(token);
    expect(job.data).not.toContain(code);
    expect(job.data).not.toContain("sealed@example.com");
    // no secret reaches the logs either
    expect(logs.join("")).not.toContain(token);
  });

  it("a job outlives the app that enqueued it: a new app on the same database delivers it", async () => {
    const first = await startApp({ own: true });
    smtp.failing = true;
    await askLink(first, "restart@example.com");
    await until("a failed attempt", () =>
      logs.some((l) => l.includes('"event":"auth.link_send_failed"') && l.includes('"retryCount":0')),
    );
    await first.stop(); // the process goes away before delivering
    const stopped = apps.shift()!;
    await stopped.ds.destroy();

    smtp.failing = false;
    await startApp({ own: true }); // another process, same database
    const mail = await until("the mail", () => smtp.to("restart@example.com")[0]);
    expect(signInSecrets(mail).code).toMatch(/^[A-Z2-9]{6}$/);
    expect(smtp.to("restart@example.com")).toHaveLength(1);
  });

  it("stopping while a mail is being tried leaves it to the next process, with no write after the pool closed", async () => {
    const first = await startApp({ own: true });
    smtp.failing = true;
    await askLink(first, "midway@example.com"); // its worker is taking the job as the app stops
    await first.stop();
    await apps.shift()!.ds.destroy();
    smtp.failing = false;
    await startApp({ own: true });
    await until("the mail", () => smtp.to("midway@example.com")[0]);
    await settled("sign-in-mail");
    expect(smtp.to("midway@example.com")).toHaveLength(1);
  });

  it("two processes on one database deliver each mail once", async () => {
    const a = await startApp({ own: true });
    const b = await startApp({ own: true });
    smtp.failing = true;
    const addresses = Array.from({ length: 6 }, (_, i) => `twice${i}@example.com`);
    for (const [i, email] of addresses.entries()) await askLink(i % 2 ? a : b, email);
    smtp.failing = false;
    for (const email of addresses) await until(`mail to ${email}`, () => smtp.to(email)[0]);
    await settled("sign-in-mail"); // every job completed: no attempt is left to send a copy
    for (const email of addresses) expect(smtp.to(email)).toHaveLength(1);
  });

  it("drops a mail still undelivered when its link has expired, and logs it without the address", async () => {
    const app = await startApp();
    smtp.failing = true;
    await askLink(app, "late@example.com");
    await until("a failed attempt", () => logs.some((l) => l.includes('"event":"auth.link_send_failed"')));
    clock.advance(16 * 60_000); // past the link's 15 minutes
    smtp.failing = false;
    const line = await until("the drop", () =>
      logs.find((l) => l.includes('"event":"auth.link_mail_dropped"') && l.includes('"reason":"expired"')),
    );
    expect(line).not.toContain("late@example.com");
    await settled("sign-in-mail");
    expect(smtp.to("late@example.com")).toHaveLength(0);
  });

  it("an invitation mail to an address without an account waits for the mail server too", async () => {
    const app = await startApp();
    const ann = await createUser(db.ds, { displayName: "Ann" });
    const agent = await signInAs(app as unknown as TestApp, ann);
    smtp.failing = true;
    await agent
      .post("/api/timelines")
      .set("Origin", "http://keepsake.test")
      .send({ title: "Trips", privacy: "private", collaborator_email: "newcomer@example.com" })
      .expect(201);
    await until("a failed attempt", () => logs.some((l) => l.includes('"event":"invitation_mail_failed"')));
    smtp.failing = false;
    const mail = await until("the invitation", () => smtp.to("newcomer@example.com")[0]);
    expect(mail.text).toContain('The timeline: "Trips"');
  });

  it("the database goes away during the mail server's round trip: the process keeps serving, the job completes once it is back, the mail arrives once", async () => {
    const proxy = await startDbProxy(db.url);
    try {
      const app = await startApp({ url: proxy.url });
      const held = smtp.holdNext();
      await askLink(app, "outage@example.com");
      const [job] = (await db.ds.query(
        `SELECT id FROM pgboss.job WHERE name = 'sign-in-mail' ORDER BY created_on DESC LIMIT 1`,
      )) as { id: string }[];
      const stateOf = async () =>
        (
          (await db.ds.query(`SELECT state::text AS state FROM pgboss.job WHERE id = $1`, [job!.id])) as {
            state: string;
          }[]
        )[0]?.state;
      await held.arrived; // the mail server has the message and has not answered yet
      await proxy.cut(); // the database goes away
      held.release(); // the mail server accepts it: the job's result cannot be stored now
      await until("the result waiting for the database", () =>
        logs.some((l) => l.includes('"event":"job.settle_waiting"')),
      );
      await request(app.app).get("/readyz").expect(503);
      expect(await stateOf()).toBe("active");

      await proxy.restore();
      await until("the job completed", async () => (await stateOf()) === "completed");
      await request(app.app).get("/readyz").expect(200);
      expect(smtp.to("outage@example.com")).toHaveLength(1);
      const [delivered] = await db.ds.query(`SELECT count(*)::int AS n FROM mail_deliveries`);
      expect(delivered.n).toBeGreaterThanOrEqual(1); // recorded once the database was back
    } finally {
      await proxy.close();
    }
  });

  it("a job run again after its mail was delivered sends nothing twice, in this process or another", async () => {
    const sink = createLogger("silent");
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}` });
    const one = mailOnce(createMailer(env, sink), db.ds, sink);
    const other = mailOnce(createMailer(env, sink), db.ds, sink); // another process's
    const message = { to: "once@example.com", subject: "Once", text: "once", html: "<p>once</p>", key: "job-1" };
    await one.send(message);
    await one.send(message);
    await until(
      "the delivery recorded",
      async () => (await db.ds.query(`SELECT 1 FROM mail_deliveries WHERE key = 'job-1'`)).length,
    );
    await other.send(message);
    await other.send({ ...message, key: "job-2" }); // another job: another mail
    expect(
      smtp.to("once@example.com").map((m) =>
        m.raw
          .toString()
          .match(/^Message-ID: (.*)$/im)?.[1]
          ?.trim(),
      ),
    ).toEqual(["<job-1@localhost>", "<job-2@localhost>"]);
  });

  it("a sign-in mail the mail server refuses through every retry is logged without the address, and the address may ask again at once", async () => {
    const app = await startApp({ retryLimit: 1 });
    smtp.failing = true;
    await askLink(app, "never@example.com");
    const line = await until("the last failure", () =>
      logs.find((l) => l.includes('"event":"auth.link_mail_dropped"') && l.includes('"reason":"undeliverable"')),
    );
    expect(line).not.toContain("never@example.com");
    await settled("sign-in-mail");
    smtp.failing = false;
    await askLink(app, "never@example.com"); // no "Please wait a minute"
    await until("the new mail", () => smtp.to("never@example.com")[0]);
  });
});
