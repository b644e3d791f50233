import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import { pino } from "pino";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/config/env.js";
import { createLogger } from "../../src/lib/logger.js";
import { createMailer } from "../../src/lib/mailer.js";
import { renderSignInEmail } from "../../src/modules/auth/auth.email.js";
import { startMailCatcher, type MailCatcher } from "../helpers/mail-catcher.js";
import { SAME_ORIGIN } from "../helpers/sign-in.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe("the sign-in e-mail", () => {
  it("has a plain-text and an HTML part with the link, the code, the address, the validity and a way out", () => {
    const mail = renderSignInEmail({
      appUrl: "https://keepsake.example/",
      token: "tok_EN-123",
      code: "AB3DE9",
      email: "jo@example.com",
      minutes: 15,
    });
    expect(mail.link).toBe("https://keepsake.example/auth/verify?token=tok_EN-123");
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("https://keepsake.example/auth/verify?token=tok_EN-123");
      expect(part).toContain("AB3DE9");
      expect(part).toContain("jo@example.com");
      expect(part).toContain("valid for 15 minutes");
      expect(part).toMatch(/If it was not you, ignore this e-mail/);
    }
    expect(mail.html).toContain('name="viewport"');
    expect(mail.html).not.toMatch(/<img/i); // no tracking pixel
  });

  it("escapes the address in HTML", () => {
    const mail = renderSignInEmail({
      appUrl: "https://k.example",
      token: "t",
      code: "AAAAAA",
      email: "a&b@example.com",
      minutes: 15,
    });
    expect(mail.html).toContain("a&amp;b@example.com");
  });
});

describe("mailer", () => {
  let smtp: MailCatcher;
  beforeAll(async () => {
    smtp = await startMailCatcher();
  });
  afterAll(() => smtp.close());

  const envWith = (over: Record<string, string>) => parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...over });

  it("sends through SMTP_URL with both parts", async () => {
    const mailer = createMailer(
      envWith({ SMTP_URL: smtp.url, MAIL_FROM: "Keepsake <hello@keepsake.test>" }),
      createLogger("silent"),
    );
    expect(mailer.mode).toBe("smtp");
    await mailer.send({ to: "one@example.com", subject: "Hi", text: "plain body", html: "<p>html body</p>" });
    const got = smtp.to("one@example.com");
    expect(got).toHaveLength(1);
    expect(got[0]!.subject).toBe("Hi");
    expect(got[0]!.text.trim()).toBe("plain body");
    expect(got[0]!.html).toContain("<p>html body</p>");
    expect(got[0]!.raw.toString()).toMatch(/^From: Keepsake <hello@keepsake\.test>/m);
  });

  it("rejects when the SMTP server is unreachable", async () => {
    const mailer = createMailer(envWith({ SMTP_URL: "smtp://127.0.0.1:9" }), createLogger("silent"));
    await expect(mailer.send({ to: "x@example.com", subject: "s", text: "t", html: "h" })).rejects.toThrow();
  });

  it("without SMTP_URL writes an .eml to DATA_DIR/outbox and logs the sign-in link in development", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-mail-"));
    try {
      const lines: string[] = [];
      const logger = pino({ level: "info" }, new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }));
      const mailer = createMailer(parseEnv({ NODE_ENV: "development", DATA_DIR: dataDir }), logger);
      expect(mailer.mode).toBe("outbox");
      await mailer.send({
        to: "dev@example.com",
        subject: "Sign in",
        text: "see link",
        html: "<p>see link</p>",
        devLink: "http://localhost:3000/auth/verify?token=abc",
      });
      const files = fs.readdirSync(path.join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
      const parsed = await simpleParser(fs.readFileSync(path.join(dataDir, "outbox", files[0]!)));
      expect(parsed.subject).toBe("Sign in");
      expect(parsed.text?.trim()).toBe("see link");
      expect(lines.join("")).toContain("http://localhost:3000/auth/verify?token=abc");
      expect(lines.join("")).not.toContain("see link"); // the link only, not the message
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("never prints sign-in links in production", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-mail-"));
    try {
      const lines: string[] = [];
      const logger = pino({ level: "info" }, new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }));
      const env = parseEnv({ NODE_ENV: "production", DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(40) });
      await createMailer(env, logger).send({
        to: "p@example.com",
        subject: "s",
        text: "t",
        html: "h",
        devLink: "https://app/auth/verify?token=secret",
      });
      expect(lines.join("")).not.toContain("token=secret");
      expect(fs.readdirSync(path.join(dataDir, "outbox"))).toHaveLength(1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("sign-in mail through the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(); // no SMTP_URL: the outbox
  });
  afterAll(() => t.close());

  it("writes the sign-in mail as an .eml to the outbox when SMTP_URL is unset", async () => {
    await request(t.app).post("/api/auth/email").set(SAME_ORIGIN).send({ email: "outbox@example.com" }).expect(200);
    const dir = path.join(t.dataDir, "outbox");
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(parsed.text).toMatch(/http:\/\/keepsake\.test\/auth\/verify\?token=[A-Za-z0-9_-]{43}/);
    expect(parsed.html).toContain("outbox@example.com");
  });
});

describe("when mail cannot be sent", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)));

  it("answers the same 200 as a delivered mail (the mail is a job: docs/decisions/021-durable-jobs.md)", async () => {
    smtp.failing = true;
    const res = await request(t.app)
      .post("/api/auth/email")
      .set(SAME_ORIGIN)
      .send({ email: "down@example.com" })
      .expect(200);
    expect(res.body.message).toBe("Please check your email for the login link!");
    expect(res.headers["cache-control"]).toBe("no-store");
    smtp.failing = false;
    // without background jobs (this app) the one attempt failed; the queue's retries: test/jobs/
    expect(smtp.to("down@example.com")).toHaveLength(0);
  });
});
