import { readdir, readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The mail outbox of the e2e server. start-server.mjs runs the server without SMTP_URL, so every
 * mail is written to DATA_DIR/outbox/*.eml; DATA_DIR is chosen there the same way as here.
 */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `keepsake-e2e-${process.env.E2E_PORT ?? "3100"}`);
  return path.join(dataDir, "outbox");
}

export interface OutboxMail {
  file: string;
  /** The raw message with quoted-printable soft breaks and escapes decoded (good enough to search). */
  text: string;
}

/** Undoes quoted-printable encoding ("=\n" soft breaks, "=3D" escapes) over the whole message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest mail to `to` written at or after `since` (ms), waiting up to `timeoutMs` for it.
 * Throws with the outbox listing when none arrives.
 */
export async function waitForMail(
  to: string,
  since: number,
  timeoutMs = 10_000,
  /** Only mails whose text passes (e.g. a sign-in mail, not an invitation to the same address). */
  accept: (text: string) => boolean = () => true,
): Promise<OutboxMail> {
  const dir = outboxDir();
  const deadline = Date.now() + timeoutMs;
  const toHeader = new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "im");
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = await readdir(dir).catch(() => []);
    const candidates: { file: string; mtime: number }[] = [];
    for (const name of seen.filter((n) => n.endsWith(".eml"))) {
      const file = path.join(dir, name);
      const { mtimeMs } = await stat(file);
      if (mtimeMs >= since - 1000) candidates.push({ file, mtime: mtimeMs });
    }
    candidates.sort((a, b) => b.mtime - a.mtime);
    for (const { file } of candidates) {
      const text = decodeQuotedPrintable(await readFile(file, "utf8"));
      if (toHeader.test(text) && accept(text)) return { file, text };
    }
    await sleep(200);
  }
  throw new Error(`No mail to ${to} in ${dir} after ${timeoutMs} ms (files: ${seen.join(", ") || "none"})`);
}

/** The sign-in link (…/auth/verify?token=…) of a sign-in mail. */
export function signInLinkOf(mail: OutboxMail): string {
  const match = /https?:\/\/[^\s"'<>]+\/auth\/verify\?token=[A-Za-z0-9_\-.~%]+/.exec(mail.text);
  if (!match) throw new Error(`No sign-in link in ${mail.file}`);
  return match[0];
}
