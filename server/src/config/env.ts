import { z } from "zod";

/**
 * The one place that reads process.env (docs/decisions/011-configuration.md). Parsed once at start-up; a wrong value
 * stops the server with a message that names the variable.
 */
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const opt = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const port = z.coerce.number().int().min(1).max(65535);

const schema = z.object({
  NODE_ENV: opt(z.enum(["development", "production", "test"])).default("development"),
  PORT: opt(port).default(3000),
  APP_URL: opt(z.url({ protocol: /^https?$/ })),
  DATABASE_URL: opt(z.url({ protocol: /^postgres(ql)?$/ })),
  DATA_DIR: opt(z.string()).default("./data"),
  EMBEDDED_PG_PORT: opt(port),
  SMTP_URL: opt(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: opt(z.string().min(3)).default("Keepsake <no-reply@localhost>"),
  SESSION_SECRET: opt(z.string().min(32, "must be at least 32 characters")),
  AFTER_LOGIN_PATH: opt(z.string().regex(/^\/(?!\/)/, "must be a path starting with a single /")).default("/app"),
  AUTH_IP_HOURLY_LIMIT: opt(z.coerce.number().int().min(1)).default(30),
  // the wait between two sign-in mails to one address; shorter only where a test must cross it
  AUTH_EMAIL_COOLDOWN_SECONDS: opt(z.coerce.number().int().min(1).max(3600)).default(60),
  // proposals one person may send a day, by id or by e-mail (docs/decisions/032-who-may-learn-whom.md)
  INVITE_DAILY_LIMIT: opt(z.coerce.number().int().min(1)).default(20),
  UPLOAD_RATE_LIMIT: opt(z.coerce.number().int().min(1)).default(30),
  USER_STORAGE_QUOTA_MB: opt(z.coerce.number().int().min(1)).default(2048),
  // Longest video accepted, and the ffmpeg to use instead of the bundled one (docs/decisions/034-media-formats.md).
  VIDEO_MAX_SECONDS: opt(z.coerce.number().int().min(1).max(3600)).default(300),
  FFMPEG_PATH: opt(z.string()),
  TRUST_PROXY: opt(
    z
      .string()
      .regex(/^(\d+|[0-9a-fA-F.:/, ]+|loopback|linklocal|uniquelocal)$/, "must be a hop count or a subnet list"),
  ),
  SHUTDOWN_TIMEOUT_MS: opt(z.coerce.number().int().min(0).max(600_000)).default(25_000),
  // Media in an S3-compatible bucket when S3_BUCKET is set (docs/decisions/019-scaling-out.md).
  S3_BUCKET: opt(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")),
  S3_ENDPOINT: opt(z.url({ protocol: /^https?$/ })),
  S3_REGION: opt(z.string().regex(/^[a-z0-9-]+$/, "must be a region name like us-east-1")).default("us-east-1"),
  S3_FORCE_PATH_STYLE: opt(z.enum(["true", "false", "1", "0"]))
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // Web Push (docs/decisions/035-presence.md): VAPID keys (base64url, as `npx web-push generate-vapid-keys`
  // prints them) and the contact the push services see; generated once into DATA_DIR outside production.
  VAPID_PUBLIC_KEY: opt(z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a base64url P-256 public key")),
  VAPID_PRIVATE_KEY: opt(z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a base64url P-256 private key")),
  VAPID_SUBJECT: opt(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: or https: URL")),
  LOG_LEVEL: opt(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).default("info"),
});

export type RawEnv = z.infer<typeof schema>;
export type Env = Omit<RawEnv, "APP_URL"> & { APP_URL: string; isProduction: boolean };

export class ConfigError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  if (isProduction && !env.SESSION_SECRET) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production");
  }
  if (!env.S3_BUCKET && emptyToUndefined(source.S3_ENDPOINT)) {
    throw new ConfigError("Invalid configuration:\n  S3_BUCKET: required when S3_ENDPOINT is set");
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together",
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return { ...env, APP_URL: appUrl, isProduction };
}
