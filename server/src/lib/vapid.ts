import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import type { Env } from "../config/env.js";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may use (RFC 8292). */
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or outside production a pair generated once and kept in
 * DATA_DIR (like the session secret, docs/decisions/011-configuration.md). Null in production
 * without keys: push is off and says so.
 */
export function resolveVapid(env: Env): VapidKeys | null {
  const subject = env.VAPID_SUBJECT ?? (env.APP_URL.startsWith("https://") ? env.APP_URL : "mailto:keepsake@localhost");
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  if (env.isProduction) return null;
  const file = path.join(env.DATA_DIR, "vapid-keys.json");
  try {
    const kept = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    return { ...kept, subject };
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const keys = webpush.generateVAPIDKeys();
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    return { ...keys, subject };
  }
}
