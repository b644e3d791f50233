import { DISPLAY_NAME_MAX, EMAIL_MAX, USERNAME_MAX } from "@keepsake/contract";

/**
 * One e-mail address, strictly (docs/sign-in-requirements.md A2): trimmed, lowercased, at most 254
 * characters, exactly one address: no commas, semicolons, quotes, angle brackets, spaces or
 * line breaks. The local part follows the HTML `type=email` rule; the domain needs a dot.
 */
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_{|}~-]+)*$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizeEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const email = input.trim().toLowerCase();
  if (email.length < 3 || email.length > EMAIL_MAX) return null;
  // explicit for the dangerous ones; the allow-lists below reject every other odd character too
  if (/[\s,;"<>()[\]\\`]/.test(email)) return null;
  const at = email.indexOf("@");
  if (at < 1 || at !== email.lastIndexOf("@")) return null;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  if (local.length > 64 || !LOCAL.test(local)) return null;
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) return null;
  return email;
}

/** "jane@example.com" → "j•••@example.com" (names the account without spelling it out). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** The local part without a "+tag". */
function localName(email: string): string {
  return email.slice(0, email.lastIndexOf("@")).split("+")[0]!;
}

/** Lowercase a–z0–9 only, at most 30; may be shorter than 3 (the caller adds digits). */
export function usernameBase(email: string): string {
  const ascii = localName(email)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, ""); // "élodie" → "elodie"
  return ascii.replace(/[^a-z0-9]/g, "").slice(0, USERNAME_MAX) || "user";
}

/**
 * The n-th candidate username (n ≥ 1): the base itself when it has 3+ characters, then the
 * base with digits ("jane2", "jane3", …; short bases "jo1", "a01"). Always ^[a-z0-9]{3,30}$.
 */
export function usernameCandidate(base: string, n: number): string {
  if (n <= 1 && base.length >= 3) return base;
  const suffix = String(n).padStart(3 - base.length, "0");
  return base.slice(0, USERNAME_MAX - suffix.length) + suffix;
}

/** "jane.doe+x@…" → "Jane Doe" (at most 100 characters). */
export function displayNameFrom(email: string): string {
  const words = localName(email)
    .split(/[._\-+]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}']/gu, ""))
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return (words.join(" ") || localName(email) || "Keepsake friend").slice(0, DISPLAY_NAME_MAX);
}
