import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.js";

describe("parseEnv", () => {
  it("gives working defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe("./data");
    expect(env.AFTER_LOGIN_PATH).toBe("/app");
    expect(env.AUTH_IP_HOURLY_LIMIT).toBe(30);
    expect(env.AUTH_EMAIL_COOLDOWN_SECONDS).toBe(60);
    expect(env.MAIL_FROM).toBe("Keepsake <no-reply@localhost>");
    expect(env.isProduction).toBe(false);
    expect(env.SHUTDOWN_TIMEOUT_MS).toBe(25_000);
    expect(env.UPLOAD_RATE_LIMIT).toBe(300);
    expect(env.UPLOAD_DAILY_LIMIT).toBe(1500);
    expect(env.UPLOAD_DAILY_MB).toBe(10240);
    expect(env.USER_STORAGE_QUOTA_MB).toBe(2048);
  });

  it("derives APP_URL from PORT and strips a trailing slash", () => {
    expect(parseEnv({ PORT: "4000" }).APP_URL).toBe("http://localhost:4000");
    expect(parseEnv({ APP_URL: "https://keepsake.example/" }).APP_URL).toBe("https://keepsake.example");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["APP_URL", "not a url"],
    ["DATABASE_URL", "mysql://x@y/z"],
    ["SMTP_URL", "http://mail"],
    ["AFTER_LOGIN_PATH", "//evil.test"],
    ["AUTH_IP_HOURLY_LIMIT", "0"],
    ["AUTH_EMAIL_COOLDOWN_SECONDS", "0"],
    ["AUTH_EMAIL_COOLDOWN_SECONDS", "a minute"],
    ["NODE_ENV", "staging"],
    ["SESSION_SECRET", "short"],
    ["SHUTDOWN_TIMEOUT_MS", "-1"],
    ["SHUTDOWN_TIMEOUT_MS", "soon"],
    ["UPLOAD_RATE_LIMIT", "0"],
    ["UPLOAD_RATE_LIMIT", "many"],
    ["USER_STORAGE_QUOTA_MB", "0"],
    ["USER_STORAGE_QUOTA_MB", "1.5"],
    ["S3_BUCKET", "Not_A_Bucket"],
    ["S3_ENDPOINT", "ftp://minio:9000"],
    ["S3_REGION", "US East"],
    ["S3_FORCE_PATH_STYLE", "yes"],
  ])("names the variable when %s=%s is wrong", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("reads the S3 settings: local disk without S3_BUCKET, us-east-1 and virtual-host style by default", () => {
    const local = parseEnv({});
    expect(local.S3_BUCKET).toBeUndefined();
    const s3 = parseEnv({ S3_BUCKET: "keepsake-media" });
    expect([s3.S3_BUCKET, s3.S3_REGION, s3.S3_FORCE_PATH_STYLE]).toEqual(["keepsake-media", "us-east-1", false]);
    const minio = parseEnv({ S3_BUCKET: "media", S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "true" });
    expect([minio.S3_ENDPOINT, minio.S3_FORCE_PATH_STYLE]).toEqual(["http://minio:9000", true]);
    expect(() => parseEnv({ S3_ENDPOINT: "http://minio:9000" })).toThrow(/S3_BUCKET: required when S3_ENDPOINT/);
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }).isProduction).toBe(true);
  });
});
