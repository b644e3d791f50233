import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import request from "supertest";
import type { TestApp } from "./test-app.js";
import { signInSecrets, type MailCatcher } from "./mail-catcher.js";

export type Agent = ReturnType<typeof request.agent>;

/** Headers a browser page of the app sends with its fetch calls. */
export const SAME_ORIGIN = { Origin: "http://keepsake.test", "Sec-Fetch-Site": "same-origin" } as const;

/** Forgets the sign-in rate limits of an address (what 60 s / an hour passing would do). */
export async function resetSignInLimits(t: TestApp, email: string): Promise<void> {
  const ref = t.services.auth.ref(email.trim().toLowerCase());
  await t.ds.query(`DELETE FROM "rate_limits" WHERE "key" LIKE 'auth-%' AND "key" LIKE $1`, [`%:${ref}`]);
}

/** The newest sign-in mail for an address in the app's outbox (apps without SMTP_URL). */
export async function latestOutboxSecrets(t: TestApp, email: string) {
  const dir = path.join(t.dataDir, "outbox");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
  for (const f of files) {
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, f)));
    const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
    if (to.some((a) => a.value.some((v) => v.address === email))) return signInSecrets({ text: parsed.text ?? "" });
  }
  throw new Error(`no mail for ${email} in ${dir}`);
}

/**
 * Signs a supertest agent in through the real flow (request a link, read the outbox, open the
 * link in the same browser). Creates the account on first use. For any test that needs a user.
 * Reads the mail from the outbox, or from `opts.smtp` when the app sends to a MailCatcher.
 */
export async function signIn(
  t: TestApp,
  email: string,
  agent: Agent = request.agent(t.app).set(SAME_ORIGIN),
  opts: { smtp?: MailCatcher } = {},
): Promise<Agent> {
  await resetSignInLimits(t, email);
  await agent.post("/api/auth/email").set(SAME_ORIGIN).send({ email }).expect(200);
  const { token } = opts.smtp ? signInSecrets(opts.smtp.to(email).at(-1)!) : await latestOutboxSecrets(t, email);
  await agent.post("/api/auth/verify").set(SAME_ORIGIN).send({ token }).expect(200);
  return agent;
}

/** "ks.sid=…" from a response that set the session cookie (to replay it from another client). */
export function sidCookie(res: { headers: Record<string, unknown> }): string {
  const cookies = (res.headers["set-cookie"] ?? []) as string[];
  const sid = cookies.find((c) => c.startsWith("ks.sid="));
  if (!sid) throw new Error(`no session cookie set; got ${JSON.stringify(cookies)}`);
  return sid.split(";")[0]!;
}
