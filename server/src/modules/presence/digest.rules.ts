import crypto from "node:crypto";
import { isUuid } from "../../lib/uuid.js";
import { DigestFrequency, localTime, type Preferences } from "./preferences.rules.js";

/** Where a mail client POSTs "List-Unsubscribe=One-Click" (RFC 8058); the origin guard's one exception. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/digest/unsubscribe";

const PURPOSE = "keepsake:digest-off:v1";

const sign = (secret: string, userId: string) =>
  crypto.createHmac("sha256", secret).update(`${PURPOSE}:${userId}`).digest("base64url");

/** A token that does one thing: turn off this person's digest. It signs in nobody and reads nothing. */
export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${sign(secret, userId)}`;
}

/** The person a token is for, or null when it is not one of ours. */
export function unsubscribeTokenUser(secret: string, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [userId, mac] = token.split(".");
  if (!isUuid(userId) || !mac) return null;
  const expected = Buffer.from(sign(secret, userId));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? userId : null;
}

/**
 * The period a digest due at `now` covers, or null when none is due now: daily at the person's
 * hour, weekly at that hour on Mondays, in the person's zone. The key names the period once, so a
 * digest is never sent twice for it (the `digest_sends` row).
 */
export function duePeriod(p: Preferences, now: Date): { key: string; days: number } | null {
  if (p.emailDigest === DigestFrequency.OFF) return null;
  const local = localTime(now, p.timeZone);
  if (local.hour !== p.digestHour) return null;
  if (p.emailDigest === DigestFrequency.DAILY) return { key: `day:${local.date}`, days: 1 };
  return local.weekday === 1 ? { key: `week:${local.date}`, days: 7 } : null;
}
