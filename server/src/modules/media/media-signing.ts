import crypto from "node:crypto";
import { isUuid } from "../../lib/uuid.js";

/** Variants that /media serves. The original is never served (kept for export only). */
export const SERVED_VARIANTS = ["display", "thumb", "poster", "video"] as const;
export type MediaVariantName = (typeof SERVED_VARIANTS)[number];

export function isServedVariant(v: string): v is MediaVariantName {
  return (SERVED_VARIANTS as readonly string[]).includes(v);
}

/**
 * How long a signed URL lives and how long a browser may keep the bytes: every memory's media can
 * be narrowed out of someone's reach (a tier narrowed, a connection gone, a memory deleted), so
 * both are short (docs/decisions/032-who-may-learn-whom.md). A URL lives 30–35 minutes (30 plus
 * the bucket it is rounded up to); a browser keeps the bytes at most 5 minutes before it asks again,
 * and the route checks access on every ask: bytes shown from a cache outlive a narrowing by at most
 * `MEDIA_CACHE_MAX_SECONDS` (was up to 75 minutes).
 */
export const MEDIA_URL_TTL_SECONDS = 30 * 60;
export const MEDIA_URL_BUCKET_SECONDS = 5 * 60;
export const MEDIA_CACHE_MAX_SECONDS = 5 * 60;

/** URLs live at least `ttlSeconds`, and their expiry is rounded up to a bucket so the same URL
 * is handed out for a while (browsers and the service worker can cache it). */
export interface UrlSignerOptions {
  ttlSeconds?: number;
  bucketSeconds?: number;
}

/**
 * Short-lived signed /media URLs (docs/decisions/004-media-pipeline.md): HMAC-SHA256 over "id|variant|exp" with a key derived
 * from the session secret (domain-separated, so a media signature is never a valid anything else).
 * A signature only proves that the server handed the URL out recently; the route still re-checks
 * the viewer's access on every request.
 */
export class UrlSigner {
  private readonly key: Buffer;
  readonly ttlSeconds: number;
  readonly bucketSeconds: number;

  constructor(sessionSecret: string, opts: UrlSignerOptions = {}) {
    this.key = crypto.createHmac("sha256", sessionSecret).update("keepsake/media-url/v1").digest();
    this.ttlSeconds = opts.ttlSeconds ?? MEDIA_URL_TTL_SECONDS;
    this.bucketSeconds = opts.bucketSeconds ?? MEDIA_URL_BUCKET_SECONDS;
  }

  private mac(id: string, variant: string, exp: number): Buffer {
    return crypto.createHmac("sha256", this.key).update(`${id}|${variant}|${exp}`).digest();
  }

  /** Expiry (unix seconds) of a URL made at `now`. */
  expiryAt(now: Date): number {
    const min = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    return Math.ceil(min / this.bucketSeconds) * this.bucketSeconds;
  }

  /**
   * URLs already signed for the current expiry bucket: within a bucket the same id and variant
   * give the same URL, so a list read again and again is signed once (docs/decisions/028-fast-graphql-path.md).
   */
  private readonly signed = new Map<string, string>();
  private signedExp = 0;

  sign(id: string, variant: MediaVariantName, now: Date): string {
    const exp = this.expiryAt(now);
    if (exp !== this.signedExp || this.signed.size >= 20_000) {
      this.signed.clear();
      this.signedExp = exp;
    }
    const key = `${id}|${variant}`;
    let url = this.signed.get(key);
    if (!url) {
      url = `/media/${id}/${variant}?exp=${exp}&sig=${this.mac(id, variant, exp).toString("base64url")}`;
      this.signed.set(key, url);
    }
    return url;
  }

  /** True when the signature matches (constant-time) and the URL has not expired. */
  verify(input: { id: string; variant: string; exp: unknown; sig: unknown }, now: Date): boolean {
    const { id, variant, exp, sig } = input;
    if (!isUuid(id) || id !== id.toLowerCase() || !isServedVariant(variant)) return false;
    if (typeof exp !== "string" || !/^[1-9]\d{0,11}$/.test(exp)) return false;
    if (typeof sig !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
    const expected = this.mac(id, variant, Number(exp));
    const given = Buffer.from(sig, "base64url");
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return false;
    return Number(exp) > Math.floor(now.getTime() / 1000);
  }
}
