import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.js";
import { createLogger } from "../../src/lib/logger.js";
import { type MailCatcher } from "../helpers/mail-catcher.js";
import { resetSignInLimits, SAME_ORIGIN, signIn } from "../helpers/sign-in.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** Floods, scanners, cross-site requests and odd input (docs/sign-in-requirements.md A1–A7, D25, F33, G35). */
describe("sign-in under abuse", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)));

  const ask = (email: unknown, headers: Record<string, string> = SAME_ORIGIN) =>
    request(t.app).post("/api/auth/email").set(headers).send({ email });

  describe("429 contract", () => {
    it("refuses a second request for the same address within 60 s, with matching Retry-After, and sends no mail", async () => {
      const started = Date.now();
      await ask("flood@example.com").expect(200);
      const res = await ask("Flood@Example.com ").expect(429);

      expect(Object.keys(res.body).sort()).toEqual(["error", "message", "resetTime", "retryAfter"]);
      expect(Number.isInteger(res.body.retryAfter)).toBe(true);
      expect(res.body.retryAfter).toBeGreaterThanOrEqual(55);
      expect(res.body.retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers["retry-after"]).toBe(String(res.body.retryAfter));
      expect(res.body.error).toBe(res.body.message);
      expect(res.body.message).toMatch(/^Please wait \d+ seconds before requesting another login link\.$/);
      const reset = Date.parse(res.body.resetTime);
      expect(reset).toBeGreaterThan(started + 50_000);
      expect(reset).toBeLessThanOrEqual(Date.now() + 60_000 + 1000);
      expect(Math.abs(reset - (Date.now() + res.body.retryAfter * 1000))).toBeLessThan(2000);
      expect(res.headers["cache-control"]).toBe("no-store");

      expect(smtp.to("flood@example.com")).toHaveLength(1);
      const open = await t.ds.query(`SELECT count(*)::int AS n FROM sign_in_tokens WHERE email = 'flood@example.com'`);
      expect(open[0].n).toBe(1); // the refused request did not even create (or supersede) a token
    });

    it("caps an address at 5 links an hour, even once each minute has passed", async () => {
      const email = "hourly@example.com";
      for (let i = 0; i < 5; i++) {
        await t.ds.query(`DELETE FROM rate_limits WHERE key LIKE 'auth-email-cooldown:%'`); // a minute passes
        await ask(email).expect(200);
      }
      await t.ds.query(`DELETE FROM rate_limits WHERE key LIKE 'auth-email-cooldown:%'`);
      const res = await ask(email).expect(429);
      expect(res.body.retryAfter).toBeGreaterThan(3000);
      expect(res.headers["retry-after"]).toBe(String(res.body.retryAfter));
      expect(res.body.message).toMatch(/^Too many login links requested\. Please try again in \d+ minutes\.$/);
      expect(smtp.to(email)).toHaveLength(5);
    });

    it("shares the counters between server processes (the store is the database)", async () => {
      // a second app on the same database, as a second process would be
      const other = await createApp({ ds: t.ds, env: t.env, logger: createLogger("silent"), clock: t.clock });
      try {
        await ask("shared@example.com").expect(200);
        const res = await request(other.app)
          .post("/api/auth/email")
          .set(SAME_ORIGIN)
          .send({ email: "shared@example.com" });
        expect(res.status).toBe(429);
        expect(smtp.to("shared@example.com")).toHaveLength(1);
      } finally {
        await other.stop();
      }
    });

    it("answers new and existing addresses alike", async () => {
      await signIn(t, "known@example.com", undefined, { smtp });
      await resetSignInLimits(t, "known@example.com");
      const known = await ask("known@example.com").expect(200);
      const unknown = await ask("nobody-yet@example.com").expect(200);
      expect(known.body).toEqual(unknown.body);
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    });
  });

  describe("the per-address cooldown (AUTH_EMAIL_COOLDOWN_SECONDS)", () => {
    let quick: TestApp;
    beforeAll(async () => {
      quick = await createTestApp({ env: { AUTH_EMAIL_COOLDOWN_SECONDS: "5" } });
    });
    afterAll(() => quick.close());

    it("is the configured window: the 429 asks for at most that many seconds", async () => {
      const askQuick = () =>
        request(quick.app).post("/api/auth/email").set(SAME_ORIGIN).send({ email: "quick@example.com" });
      await askQuick().expect(200);
      const res = await askQuick().expect(429);
      expect(res.body.retryAfter).toBeGreaterThanOrEqual(1);
      expect(res.body.retryAfter).toBeLessThanOrEqual(5);
      expect(res.headers["retry-after"]).toBe(String(res.body.retryAfter));
    });
  });

  describe("per-IP limits (AUTH_IP_HOURLY_LIMIT)", () => {
    let small: TestApp;
    beforeAll(async () => {
      small = await createTestApp({ env: { AUTH_IP_HOURLY_LIMIT: "3" } });
    });
    afterAll(() => small.close());

    it("caps link requests per client address across different e-mail addresses", async () => {
      for (let i = 0; i < 3; i++) {
        await request(small.app)
          .post("/api/auth/email")
          .set(SAME_ORIGIN)
          .send({ email: `ip${i}@example.com` })
          .expect(200);
      }
      const res = await request(small.app)
        .post("/api/auth/email")
        .set(SAME_ORIGIN)
        .send({ email: "ip9@example.com" })
        .expect(429);
      expect(res.headers["retry-after"]).toBe(String(res.body.retryAfter));
    });

    it("does not let a forged X-Forwarded-For reset the limit (no TRUST_PROXY)", async () => {
      const res = await request(small.app)
        .post("/api/auth/email")
        .set({ ...SAME_ORIGIN, "X-Forwarded-For": "203.0.113.9" })
        .send({ email: "ip10@example.com" });
      expect(res.status).toBe(429);
    });

    it("limits verification attempts per client address too (guessing tokens)", async () => {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await request(small.app)
          .post("/api/auth/verify/confirm")
          .set(SAME_ORIGIN)
          .send({ token: `guess${i}`.padEnd(43, "x") });
        codes.push(res.status);
      }
      expect(codes).toEqual([400, 400, 400, 429]);
      const get = await request(small.app).get(`/api/auth/verify?token=${"y".repeat(43)}`);
      expect(get.status).toBe(429);
      expect(get.headers["retry-after"]).toBe(String(get.body.retryAfter));
    });
  });

  describe("cross-site requests", () => {
    it("refuses a cross-site text/plain POST (a form on another site) with 403 and sends nothing", async () => {
      const res = await request(t.app)
        .post("/api/auth/email")
        .set({ Origin: "https://evil.example", "Content-Type": "text/plain" })
        .send('{"email":"victim@example.com"}');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "Cross-site request refused" });
      expect(smtp.to("victim@example.com")).toHaveLength(0);
    });

    it("refuses cross-site JSON (Sec-Fetch-Site: cross-site) on every auth POST", async () => {
      for (const path of [
        "/api/auth/email",
        "/api/auth/verify",
        "/api/auth/verify/confirm",
        "/api/auth/code",
        "/api/auth/logout",
      ]) {
        const res = await request(t.app)
          .post(path)
          .set({ "Sec-Fetch-Site": "cross-site" })
          .send({ email: "victim@example.com" });
        expect(res.status, path).toBe(403);
        expect(res.headers["cache-control"], path).toBe("no-store");
      }
      const sameSite = await request(t.app)
        .post("/api/auth/email")
        .set({ "Sec-Fetch-Site": "same-site" })
        .send({ email: "victim@example.com" });
      expect(sameSite.status).toBe(403);
      expect(smtp.to("victim@example.com")).toHaveLength(0);
    });

    it("refuses a same-origin POST that is not JSON (403, like every other write)", async () => {
      const res = await request(t.app)
        .post("/api/auth/email")
        .set({ ...SAME_ORIGIN, "Content-Type": "application/x-www-form-urlencoded" })
        .send("email=victim@example.com");
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "Content-Type must be application/json or multipart/form-data" });
    });

    it("does not log out a signed-in person from another site", async () => {
      const agent = await signIn(t, "stay@example.com", undefined, { smtp });
      await agent.post("/api/auth/logout").set({ Origin: "https://evil.example" }).expect(403);
      expect((await agent.get("/api/auth/check-session")).body.isAuthenticated).toBe(true);
    });

    it("accepts the Vite dev proxy's own origin (Origin equal to the Host it was sent to)", async () => {
      const res = await request(t.app)
        .post("/api/auth/email")
        .set({ Origin: "http://localhost:5173", Host: "localhost:5173" })
        .send({ email: "devproxy@example.com" });
      expect(res.status).toBe(200);
    });
  });

  describe("input", () => {
    it.each([
      ['"e@attacker.com"@victim.com'],
      ["victim@x.com,attacker@y.com"],
      ["victim@x.com;attacker@y.com"],
      ["Victim <victim@x.com>"],
      ["victim@x.com\r\nBcc: attacker@y.com"],
      ["victim@x.com attacker@y.com"],
      [`${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`],
      ["no-at-sign.example.com"],
      ["two@@example.com"],
      ["dotless@localhost"],
      [""],
      [42],
      [["a@example.com"]],
    ])("rejects %j with 400 and sends nothing", async (email) => {
      const before = smtp.messages.length;
      const res = await ask(email).expect(400);
      expect(res.body).toEqual({ error: "Please enter a valid email address" });
      expect(smtp.messages.length).toBe(before);
    });

    it("builds the link from APP_URL whatever the Host header says", async () => {
      await resetSignInLimits(t, "host@example.com");
      await request(t.app)
        .post("/api/auth/email")
        .set({ ...SAME_ORIGIN, Host: "evil.test", "X-Forwarded-Host": "evil.test" })
        .send({ email: "host@example.com" })
        .expect(200);
      const mail = smtp.to("host@example.com").at(-1)!;
      const link = /https?:\/\/\S+\/auth\/verify\?token=\S+/.exec(mail.text)![0];
      expect(link.startsWith("http://keepsake.test/auth/verify?token=")).toBe(true);
      expect(link.length).toBeLessThan(200);
      expect(mail.html).not.toContain("evil.test");
    });

    it("stores only hashes: the raw token and code appear nowhere in the database", async () => {
      await resetSignInLimits(t, "hash@example.com");
      await ask("hash@example.com").expect(200);
      const text = smtp.to("hash@example.com").at(-1)!.text;
      const token = /token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
      const code = /code in the app: ([A-Z2-9]{6})/.exec(text)![1]!;
      expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
      const dump =
        JSON.stringify(await t.ds.query(`SELECT * FROM sign_in_tokens`)) +
        JSON.stringify(await t.ds.query(`SELECT * FROM rate_limits`));
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(code);
      expect(JSON.stringify(await t.ds.query(`SELECT key FROM rate_limits`))).not.toContain("hash@example.com");
    });
  });

  it("answers every auth route with Cache-Control: no-store (200, 400, 403, 429)", async () => {
    const answers = [
      await request(t.app).get("/api/auth/check-session"),
      await request(t.app).get("/api/auth/verify?token=nope"),
      await request(t.app).post("/api/auth/code").set(SAME_ORIGIN).send({ email: "x@example.com", code: "??" }),
      await request(t.app).post("/api/auth/logout").set({ Origin: "https://evil.example" }),
      await ask("nostore@example.com").then(() => ask("nostore@example.com")),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 400, 403, 429]);
    for (const a of answers) expect(a.headers["cache-control"]).toBe("no-store");
  });
});
