import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Env } from "../config/env.js";

/** SESSION_SECRET, or in development one generated once and kept in DATA_DIR (docs/decisions/011-configuration.md). */
export function resolveSessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.DATA_DIR, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    const secret = crypto.randomBytes(48).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
