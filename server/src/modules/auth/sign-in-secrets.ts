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
