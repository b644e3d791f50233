import request from "supertest";
import { describe, expect, it } from "vitest";
import { signInSecrets, type MailCatcher } from "../helpers/mail-catcher.js";
import { resetSignInLimits, SAME_ORIGIN, sidCookie, type Agent } from "../helpers/sign-in.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import { type TestApp } from "../helpers/test-app.js";

/**
 * The sign-in flows end to end over HTTP with a real SMTP exchange: nodemailer sends to an
 * in-process SMTP server; the link and the code are read from the received message.
 */
describe("sign-in by e-mail link and code", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)));

  /** Asks for a link from `agent` and returns the secrets of the mail that arrived. */
  async function requestLink(agent: Agent, email: string) {
    await resetSignInLimits(t, email);
    const before = smtp.to(email).length;
    const res = await agent.post("/api/auth/email").set(SAME_ORIGIN).send({ email }).expect(200);
    expect(res.body).toEqual({ success: true, message: "Please check your email for the login link!" });
    const mails = smtp.to(email);
    expect(mails).toHaveLength(before + 1);
    return { ...signInSecrets(mails.at(-1)!), res };
  }

  const checkSession = async (agent: Agent) => (await agent.get("/api/auth/check-session").expect(200)).body;

  it("signs in at once in the browser that asked for the link, and creates the account", async () => {
    const browser = request.agent(t.app);
    const { token, res } = await requestLink(browser, "jane.doe@example.com");
    const proof = (res.headers["set-cookie"] as unknown as string[]).find((c) => c.startsWith("ks.pending="));
    expect(proof).toMatch(/HttpOnly/i);
    expect(proof).toMatch(/SameSite=Lax/i);
    expect(proof).toMatch(/Max-Age=900/);

    expect(await checkSession(browser)).toEqual({ isAuthenticated: false, user: null });
    const verified = await browser.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200);
    expect(verified.body).toMatchObject({
      state: "signed_in",
      success: true,
      redirectTo: "/app",
      alreadySignedIn: false,
    });
    expect(verified.body.user).toMatchObject({
      email: "jane.doe@example.com",
      username: "janedoe",
      display_name: "Jane Doe",
    });

    const session = await checkSession(browser);
    expect(session.isAuthenticated).toBe(true);
    expect(session.user).toMatchObject({ email: "jane.doe@example.com", username: "janedoe" });
    expect(session.user._id).toBe(session.user.id);
  });

  it("asks another browser to confirm, and signs in only that browser on the click", async () => {
    const phone = request.agent(t.app);
    const laptop = request.agent(t.app);
    const { token } = await requestLink(phone, "sam@example.org");

    const peek = await laptop.get(`/api/auth/verify?token=${token}`).expect(200);
    expect(peek.body).toEqual({ state: "confirm", maskedEmail: "s•••@example.org", signedInAs: null });
    expect(peek.headers["set-cookie"]).toBeUndefined();

    const step = await laptop.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200);
    expect(step.body).toEqual({ state: "confirm", maskedEmail: "s•••@example.org", signedInAs: null });
    expect(step.headers["set-cookie"]).toBeUndefined();
    expect((await checkSession(laptop)).isAuthenticated).toBe(false);

    const confirmed = await laptop.post("/api/auth/verify/confirm").set(SAME_ORIGIN).send({ token }).expect(200);
    expect(confirmed.body).toMatchObject({
      state: "signed_in",
      redirectTo: "/app",
      user: { email: "sam@example.org" },
    });
    expect((await checkSession(laptop)).isAuthenticated).toBe(true);
    expect((await checkSession(phone)).isAuthenticated).toBe(false); // still on "check your e-mail"
  });

  it("lets a mail scanner open the link (GET, HEAD, page POST) without using it up", async () => {
    const me = request.agent(t.app);
    const { token } = await requestLink(me, "scanned@example.com");
    const scanner = request.agent(t.app);
    await scanner.head(`/api/auth/verify?token=${token}`).expect(200);
    await scanner.get(`/api/auth/verify?token=${token}`).expect(200);
    await scanner.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200, {
      state: "confirm",
      maskedEmail: "s•••@example.com",
      signedInAs: null,
    });
    const res = await me.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200);
    expect(res.body.state).toBe("signed_in");
  });

  it("signs in with the 6-character code from the same e-mail (e.g. in an installed PWA)", async () => {
    const pwa = request.agent(t.app);
    const { code } = await requestLink(request.agent(t.app), "pwa.user@example.com");
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const res = await pwa
      .post("/api/auth/code")
      .set(SAME_ORIGIN)
      .send({ email: " PWA.User@Example.com ", code: typed })
      .expect(200);
    expect(res.body).toMatchObject({ state: "signed_in", user: { email: "pwa.user@example.com" } });
    expect((await checkSession(pwa)).isAuthenticated).toBe(true);
  });

  it("refuses a used link, but tells the browser that used it that it is already signed in", async () => {
    const mine = request.agent(t.app);
    const { token, code } = await requestLink(mine, "once@example.com");
    await mine.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200);

    const again = await mine.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200);
    expect(again.body).toMatchObject({
      state: "signed_in",
      alreadySignedIn: true,
      message: "You're already signed in.",
    });

    const other = request.agent(t.app);
    const reuse = await other.post("/api/auth/verify/confirm").set(SAME_ORIGIN).send({ token }).expect(400);
    expect(reuse.body).toEqual({
      error: "This sign-in link has already been used. Please request a new one.",
      reason: "used",
    });
    const byCode = await other
      .post("/api/auth/code")
      .set(SAME_ORIGIN)
      .send({ email: "once@example.com", code })
      .expect(400);
    expect(byCode.body.reason).toBe("none");
    expect((await checkSession(other)).isAuthenticated).toBe(false);
  });

  it("expires links after 15 minutes on the server clock (14:59 works, 15:01 does not)", async () => {
    const a = await requestLink(request.agent(t.app), "clock@example.com");
    t.clock.advance(14 * 60_000 + 59_000);
    await request(t.app).post("/api/auth/verify/confirm").set(SAME_ORIGIN).send({ token: a.token }).expect(200);

    const b = await requestLink(request.agent(t.app), "clock@example.com");
    t.clock.advance(15 * 60_000 + 1_000);
    const late = await request(t.app)
      .post("/api/auth/verify/confirm")
      .set(SAME_ORIGIN)
      .set(SAME_ORIGIN)
      .send({ token: b.token })
      .expect(400);
    expect(late.body).toEqual({ error: "This sign-in link has expired. Please request a new one.", reason: "expired" });
    const lateCode = await request(t.app)
      .post("/api/auth/code")
      .set(SAME_ORIGIN)
      .set(SAME_ORIGIN)
      .send({ email: "clock@example.com", code: b.code })
      .expect(400);
    expect(lateCode.body).toEqual({
      error: "This code has expired. Please request a new login link.",
      reason: "expired",
    });
  });

  it("supersedes an older link when a newer one is requested", async () => {
    const browser = request.agent(t.app);
    const first = await requestLink(browser, "twice@example.com");
    const second = await requestLink(browser, "twice@example.com");
    const old = await browser.post("/api/auth/verify").set(SAME_ORIGIN).send({ token: first.token }).expect(400);
    expect(old.body).toEqual({
      error: "A newer sign-in link was sent. Please use the link in the latest e-mail.",
      reason: "superseded",
    });
    if (first.code !== second.code) {
      const oldCode = await browser
        .post("/api/auth/code")
        .set(SAME_ORIGIN)
        .send({ email: "twice@example.com", code: first.code })
        .expect(400);
      expect(oldCode.body.reason).toBe("wrong_code");
    }
    await browser.post("/api/auth/verify").set(SAME_ORIGIN).send({ token: second.token }).expect(200);
  });

  it("allows 5 tries of the code: after 5 wrong ones the right code fails, the link still works", async () => {
    const { code, token } = await requestLink(request.agent(t.app), "guess@example.com");
    const wrong = code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(t.app)
        .post("/api/auth/code")
        .set(SAME_ORIGIN)
        .set(SAME_ORIGIN)
        .send({ email: "guess@example.com", code: wrong })
        .expect(400);
      answers.push(res.body.error);
    }
    expect(answers).toEqual([
      "Incorrect code. 4 attempts left.",
      "Incorrect code. 3 attempts left.",
      "Incorrect code. 2 attempts left.",
      "Incorrect code. 1 attempt left.",
      "Too many incorrect codes. Please request a new login link.",
    ]);
    const right = await request(t.app)
      .post("/api/auth/code")
      .set(SAME_ORIGIN)
      .set(SAME_ORIGIN)
      .send({ email: "guess@example.com", code })
      .expect(400);
    expect(right.body).toEqual({
      error: "Too many incorrect codes. Please request a new login link.",
      reason: "locked",
    });
    // wrong codes lock the code only, never the link (docs/decisions/032-who-may-learn-whom.md)
    const link = await request(t.app).post("/api/auth/verify/confirm").set(SAME_ORIGIN).send({ token }).expect(200);
    expect(link.body.user.email).toBe("guess@example.com");
  });

  it("counts concurrent wrong codes: 8 parallel guesses leave no sixth chance", async () => {
    const { code } = await requestLink(request.agent(t.app), "burst@example.com");
    const wrong = code === "CCCCCC" ? "DDDDDD" : "CCCCCC";
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () =>
        request(t.app).post("/api/auth/code").set(SAME_ORIGIN).send({ email: "burst@example.com", code: wrong }),
      ),
    );
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    const [{ code_attempts }] = await t.ds.query(
      `SELECT code_attempts FROM sign_in_tokens WHERE email = $1 AND superseded_at IS NULL`,
      ["burst@example.com"],
    );
    expect(code_attempts).toBe(5);
    await request(t.app).post("/api/auth/code").set(SAME_ORIGIN).send({ email: "burst@example.com", code }).expect(400);
  });

  it("20 parallel verifications of one token make exactly one session", async () => {
    const { token } = await requestLink(request.agent(t.app), "race@example.com");
    const browsers = Array.from({ length: 20 }, () => request.agent(t.app));
    const results = await Promise.all(
      browsers.map((b) => b.post("/api/auth/verify/confirm").set(SAME_ORIGIN).send({ token })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.reason === "used")).toHaveLength(19);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM "session" s JOIN users u ON u.id::text = s.sess->>'userId' WHERE u.email = $1`,
      ["race@example.com"],
    );
    expect(n).toBe(1);
  });

  it("20 parallel same-browser verifications also make exactly one session", async () => {
    const browser = request.agent(t.app);
    const { token } = await requestLink(browser, "race2@example.com");
    const results = await Promise.all(
      Array.from({ length: 20 }, () => browser.post("/api/auth/verify").set(SAME_ORIGIN).send({ token })),
    );
    expect(results.filter((r) => r.status === 200 && r.body.state === "signed_in")).toHaveLength(1);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM "session" s JOIN users u ON u.id::text = s.sess->>'userId' WHERE u.email = $1`,
      ["race2@example.com"],
    );
    expect(n).toBe(1);
  });

  it("names both accounts when a signed-in browser opens someone else's link, then switches cleanly", async () => {
    const browser = request.agent(t.app);
    const mine = await requestLink(browser, "alice@example.com");
    const signedIn = await browser.post("/api/auth/verify").set(SAME_ORIGIN).send({ token: mine.token }).expect(200);
    const aliceCookie = sidCookie(signedIn);

    const theirs = await requestLink(request.agent(t.app), "mallory@example.net");
    const step = await browser.post("/api/auth/verify").set(SAME_ORIGIN).send({ token: theirs.token }).expect(200);
    expect(step.body).toEqual({ state: "confirm", maskedEmail: "m•••@example.net", signedInAs: "alice@example.com" });

    await browser.post("/api/auth/verify/confirm").set(SAME_ORIGIN).send({ token: theirs.token }).expect(200);
    expect((await checkSession(browser)).user.email).toBe("mallory@example.net");
    const replay = await request(t.app).get("/api/auth/check-session").set("Cookie", aliceCookie).expect(200);
    expect(replay.body.isAuthenticated).toBe(false);
  });
});
