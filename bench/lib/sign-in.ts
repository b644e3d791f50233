/**
 * Signs a person in through the real flow (docs/decisions/002-sign-in-safety.md): POST /api/auth/email, read the link from
 * the outbox (DATA_DIR/outbox/*.eml), POST /api/auth/verify from the same "browser" (the proof
 * cookie). Returns the Cookie header value of the session ("<name>=<value>").
 *
 * Production mode sets Secure cookies, which express-session only issues on a secure request:
 * the app must trust the loopback proxy (TRUST_PROXY=loopback) and we send X-Forwarded-Proto.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { cookiesFrom, http, sleep } from "./util.js";

const FORWARDED = { "x-forwarded-proto": "https" };

/** Quoted-printable soft breaks and escapes (nodemailer encodes long text lines). */
function decodeQuotedPrintable(s: string): string {
  return Buffer.from(
    s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}

/** The newest sign-in link token and code mailed to `email`, written after `since` (ms). */
async function secretsFromOutbox(
  outbox: string,
  email: string,
  since: number,
): Promise<{ token: string; code: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(".eml")) : [];
    const fresh = files
      .map((f) => ({ f, mtime: fs.statSync(path.join(outbox, f)).mtimeMs }))
      .filter((x) => x.mtime >= since - 1000)
      .sort((a, b) => b.mtime - a.mtime);
    for (const { f } of fresh) {
      const raw = decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), "utf8"));
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "mi").test(raw)) continue;
      const token = /\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
      const code = /code in the app: ([A-Z0-9]{6})/.exec(raw)?.[1];
      if (token && code) return { token, code };
    }
    await sleep(100);
  }
  throw new Error(`no sign-in mail for ${email} in ${outbox}`);
}

export async function signIn(base: string, dataDir: string, email: string): Promise<string> {
  const since = Date.now();
  const asked = await http(base, "/api/auth/email", { json: { email }, headers: FORWARDED });
  if (asked.status !== 200) throw new Error(`POST /api/auth/email → ${asked.status} ${asked.body}`);
  const proof = Object.entries(cookiesFrom(asked))
    .map(([k, v]) => `${k}=${v}`)
    .join("; ");
  const { token } = await secretsFromOutbox(path.join(dataDir, "outbox"), email, since);
  const res = await fetch(base + "/api/auth/verify", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: proof, origin: new URL(base).origin, ...FORWARDED },
    body: JSON.stringify({ token }),
  });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('"signed_in"'))
    throw new Error(`POST /api/auth/verify → ${res.status} ${text}`);
  const sid = Object.entries(cookiesFrom(res)).find(([k]) => k.endsWith("ks.sid"));
  if (!sid) throw new Error(`no session cookie after verify: ${res.headers.getSetCookie().join(" | ")}`);
  return `${sid[0]}=${sid[1]}`;
}

/**
 * More sessions of the same person (as if signed in on several devices): copies of the session
 * row written by a real sign-in, under fresh random ids, with cookies signed like express-session
 * signs them. Each load connection gets its own session, as real clients have.
 */
export async function cloneSessions(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  cookie: string,
  secret: string,
  count: number,
): Promise<string[]> {
  const eq = cookie.indexOf("=");
  const name = cookie.slice(0, eq);
  const value = decodeURIComponent(cookie.slice(eq + 1));
  const sid = value.slice(2, value.lastIndexOf("."));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const newSid = crypto.randomBytes(24).toString("base64url");
    await query(`INSERT INTO "session" (sid, sess, expire) SELECT $2, sess, expire FROM "session" WHERE sid = $1`, [
      sid,
      newSid,
    ]);
    const mac = crypto.createHmac("sha256", secret).update(newSid).digest("base64").replace(/=+$/, "");
    out.push(`${name}=${encodeURIComponent(`s:${newSid}.${mac}`)}`);
  }
  return out;
}
