import crypto from "node:crypto";

/** No 0/O, 1/I: read off a phone screen and typed on another (docs/sign-in-requirements.md X1). 32 symbols. */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;

/** 256 random bits, URL-safe (docs/sign-in-requirements.md B8). Only its SHA-256 is stored. */
export function newLinkToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The nonce of the same-browser proof cookie (docs/decisions/002-sign-in-safety.md). Only its SHA-256 is stored. */
export function newProofNonce(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** 6 characters from the unambiguous alphabet, uniformly (crypto.randomInt, no modulo bias). */
export function newCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)];
  return code;
}

/** What a person typed → the canonical code ("abc 123" → "ABC123"); null when it cannot be one. */
export function normalizeCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 32) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  return code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null;
}

export function sha256Hex(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/**
 * A code has only ~30 bits, so a plain hash would fall to an offline search of a leaked table:
 * it is stored as HMAC-SHA-256 under a server key (docs/sign-in-requirements.md X1).
 */
export function codeHash(key: string, code: string): string {
  return crypto.createHmac("sha256", key).update(`sign-in-code:${code}`).digest("hex");
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return crypto.timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The owner mark a browser gets when it signs in (docs/decisions/032-who-may-learn-whom.md): a
 * random device id and an HMAC binding it to the address's reference, `<device>.<tag>`. It holds no
 * address. A later link request for that address from this browser counts against the browser's
 * own limits, which nobody else can spend.
 */
export function ownerMark(key: string, emailRef: string, previous?: string | null): string {
  const kept = previous?.split(".")[0];
  const device = kept && DEVICE_ID.test(kept) ? kept : crypto.randomBytes(16).toString("base64url");
  return `${device}.${ownerTag(key, device, emailRef)}`;
}

/** The device id of a mark made for this address, or null (none, forged, or another address's). */
export function ownerDevice(key: string, emailRef: string, mark: string | null | undefined): string | null {
  const [device, tag, ...rest] = (mark ?? "").split(".");
  if (!device || !tag || rest.length || !DEVICE_ID.test(device)) return null;
  const expected = ownerTag(key, device, emailRef);
  const given = Buffer.from(tag);
  return given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected)) ? device : null;
}

function ownerTag(key: string, device: string, emailRef: string): string {
  return crypto.createHmac("sha256", key).update(`sign-in-owner:${device}:${emailRef}`).digest("base64url");
}
