import request from "supertest";
import { describe, expect, it } from "vitest";
import { OTHERS_HOURLY } from "../../src/modules/auth/auth.service.js";
import { signInSecrets, type MailCatcher } from "../helpers/mail-catcher.js";
import { SAME_ORIGIN, type Agent } from "../helpers/sign-in.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import type { TestApp } from "../helpers/test-app.js";

/**
 * Sign-in that an attacker cannot block (docs/decisions/032-who-may-learn-whom.md): wrong codes
 * lock only the code, never the link in the mailbox; a request for the address by anyone else
 * supersedes nothing of the owner's and spends nothing of what the owner's browser may ask for.
 * Each actor has its own network (TRUST_PROXY: 1, one X-Forwarded-For each), over real SMTP.
 */
describe("sign-in that others cannot block", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)), { TRUST_PROXY: "1" });

  const from = (ip: string) => ({ ...SAME_ORIGIN, "X-Forwarded-For": ip });
  /** A browser on its own network. */
  const browser = (ip: string) => request.agent(t.app).set(from(ip));

  async function ask(agent: Agent, email: string) {
    const before = smtp.to(email).length;
    const res = await agent.post("/api/auth/email").send({ email });
    return {
      res,
      mail: res.status === 200 && smtp.to(email).length > before ? signInSecrets(smtp.to(email).at(-1)!) : null,
    };
  }
  const verify = (agent: Agent, token: string) => agent.post("/api/auth/verify").send({ token });
  /** Forgets one asker's one-minute cooldown, as a minute passing would (the others are kept). */
  const aMinutePasses = () => t.ds.query(`DELETE FROM rate_limits WHERE key LIKE 'auth-email-cooldown:%'`);

  it("five wrong codes by someone else lock the code, never the link the owner was sent", async () => {
    const owner = browser("198.51.100.1");
    const { mail } = await ask(owner, "victim.code@example.com");
    const attacker = browser("203.0.113.1");
    const wrong = mail!.code === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 0; i < 5; i++) {
      await attacker.post("/api/auth/code").send({ email: "victim.code@example.com", code: wrong }).expect(400);
    }
    const code = await owner.post("/api/auth/code").send({ email: "victim.code@example.com", code: mail!.code });
    expect(code.body.reason).toBe("locked");
    const link = await verify(owner, mail!.token);
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ state: "signed_in", user: { email: "victim.code@example.com" } });
  });

  it("a request by someone else does not supersede the owner's link; both codes work", async () => {
    const owner = browser("198.51.100.2");
    const mine = (await ask(owner, "victim.link@example.com")).mail!;
    const attacker = browser("203.0.113.2");
    const { res, mail: theirs } = await ask(attacker, "victim.link@example.com");
    expect(res.status).toBe(200); // the same answer as ever: the address's owner gets a second mail
    expect(theirs).not.toBeNull();
    // the owner asks again from the same browser: only then is their own older link superseded
    expect((await verify(owner, mine.token)).status).toBe(200);
    const other = browser("198.51.100.3");
    const code = await other.post("/api/auth/code").send({ email: "victim.link@example.com", code: theirs!.code });
    expect(code.status).toBe(200);
  });

  it("asking again from the same browser still supersedes that browser's older link", async () => {
    const owner = browser("198.51.100.4");
    const first = (await ask(owner, "twice.again@example.com")).mail!;
    await aMinutePasses();
    const second = (await ask(owner, "twice.again@example.com")).mail!;
    expect((await verify(owner, first.token)).body.reason).toBe("superseded");
    expect((await verify(owner, second.token)).status).toBe(200);
  });

  it("others asking once a minute spend their own quotas, never the owner's browser's", async () => {
    const email = "victim.quota@example.com";
    // the owner signed in from this browser once: it carries the address's owner mark
    const owner = browser("198.51.100.5");
    const first = (await ask(owner, email)).mail!;
    const signedIn = await verify(owner, first.token);
    const mark = (signedIn.headers["set-cookie"] as unknown as string[]).find((c) => c.startsWith("ks.owner="));
    expect(mark).toMatch(/HttpOnly/i);
    await owner.post("/api/auth/logout").expect(200);

    // attackers on two networks ask for the address every minute until refused
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      await aMinutePasses();
      statuses.push((await ask(browser(i % 2 ? "203.0.113.10" : "203.0.113.11"), email)).res.status);
    }
    // (the owner's own first request, before their browser carried the mark, counted among the others)
    expect(statuses.filter((s) => s === 200)).toHaveLength(OTHERS_HOURLY - 1);
    const refused = await ask(browser("203.0.113.12"), email);
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers["retry-after"]).toBe(String(refused.res.body.retryAfter));

    // the owner's browser still gets its link, and it signs in
    await aMinutePasses();
    const again = await ask(owner, email);
    expect(again.res.status).toBe(200);
    expect((await verify(owner, again.mail!.token)).status).toBe(200);
  });

  it("one network alone cannot reach the address's cap for everyone else", async () => {
    const email = "victim.onenet@example.com";
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      await aMinutePasses();
      statuses.push((await ask(browser("203.0.113.20"), email)).res.status);
    }
    // 5 an hour from one network for one address, then that network is refused...
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // ...and a newcomer on another network (the owner on a new phone) still gets a link
    expect((await ask(browser("198.51.100.20"), email)).res.status).toBe(200);
  });
});
