import { ApiError, apiRequest } from "../../../lib/rest-client";
import type { SessionUser } from "../../../lib/session";
import { afterSignIn } from "../../../lib/pending-invite";

/**
 * The sign-in calls of the REST façade (docs/product.md §7 Auth, docs/decisions/002-sign-in-safety.md): plain fetch with the session
 * cookie and JSON through `apiRequest`; a failure is an ApiError carrying the body's `error`
 * (else "HTTP {status}"), the status, the body and the headers.
 */

export interface SignedInAnswer {
  state: "signed_in";
  success: true;
  message: string;
  alreadySignedIn: boolean;
  /** Where to go next (the server's AFTER_LOGIN_PATH). */
  redirectTo: string;
  user: SessionUser;
}

export interface ConfirmAnswer {
  state: "confirm";
  /** The account the link signs into, e.g. "j•••@example.com". */
  maskedEmail: string;
  /** This browser is signed in as another account now. */
  signedInAs: string | null;
}

export type VerifyAnswer = SignedInAnswer | ConfirmAnswer;

/** POST /api/auth/email: e-mails a login link and code. */
export function requestLoginLink(email: string): Promise<{ success: boolean; message: string }> {
  return apiRequest("/auth/email", { method: "POST", json: { email } });
}

/** POST /api/auth/verify: signs in at once in the browser that asked for the link, else "confirm". */
export function verifyLoginToken(token: string): Promise<VerifyAnswer> {
  return apiRequest("/auth/verify", { method: "POST", json: { token } });
}

/** POST /api/auth/verify/confirm: the "Continue as …" click. */
export function confirmLoginToken(token: string): Promise<SignedInAnswer> {
  return apiRequest("/auth/verify/confirm", { method: "POST", json: { token } });
}

/** POST /api/auth/code: the 6-character code from the e-mail. */
export function signInWithCode(email: string, code: string): Promise<SignedInAnswer> {
  return apiRequest("/auth/code", { method: "POST", json: { email, code } });
}

export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export interface RateLimit {
  /** The server's message, if it sent one. */
  message: string | null;
  /** Whole seconds to wait (body.retryAfter, else the Retry-After header, else 60). */
  retryAfter: number;
  resetTime: Date | null;
}

/** The 429 details of a failed call (docs/product.md §7: error, message, retryAfter, resetTime, Retry-After). */
export function rateLimitOf(error: unknown): RateLimit | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = (error.body && typeof error.body === "object" ? error.body : {}) as Record<string, unknown>;
  const header = Number(error.headers.get("Retry-After"));
  const seconds = typeof body.retryAfter === "number" ? body.retryAfter : header;
  const retryAfter = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
  const reset = typeof body.resetTime === "string" ? new Date(body.resetTime) : null;
  const message =
    typeof body.message === "string" && body.message
      ? body.message
      : typeof body.error === "string" && body.error
        ? body.error
        : null;
  return { message, retryAfter, resetTime: reset && !Number.isNaN(reset.getTime()) ? reset : null };
}

/** The server's error text when there was one (an ApiError from an answer), else null. */
export function serverError(error: unknown): string | null {
  return error instanceof ApiError && !/^HTTP \d+$/.test(error.message) ? error.message : null;
}

/** A same-origin path to go to after sign-in; anything else falls back to /app. */
export function safeRedirect(path: unknown): string {
  // an invite link opened before signing in lands back on the invitation (lib/pending-invite.ts)
  return afterSignIn(typeof path === "string" && /^\/(?![/\\])/.test(path) ? path : "/app");
}
