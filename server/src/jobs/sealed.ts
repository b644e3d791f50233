import crypto from "node:crypto";

/**
 * AES-256-GCM for secrets that must wait in the job table (a sign-in link and code): the key is
 * derived from SESSION_SECRET, so the database alone does not reveal them
 * (docs/decisions/021-durable-jobs.md).
 */
export class Sealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = crypto.createHmac("sha256", secret).update("keepsake/jobs/sealed/v1").digest();
  }

  seal(value: unknown): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  /** The sealed value, or null when it was not sealed with this key (or was altered). */
  open<T>(sealed: string): T | null {
    try {
      const raw = Buffer.from(sealed, "base64url");
      const decipher = crypto.createDecipheriv("aes-256-gcm", this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  }
}
