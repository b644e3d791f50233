import { ApiError } from "../../lib/rest-client";
import type { SessionCheckResult, SessionUser } from "../../lib/session";

export type AuthGateState =
  | { status: "loading" }
  | { status: "authenticated"; user: SessionUser | null }
  | { status: "unauthenticated"; reason: string };

export const NOT_AUTHENTICATED = "User not authenticated";

/** Spec §5: the session user must have an e-mail to count as authenticated. */
export function stateFromSession(result: SessionCheckResult): AuthGateState {
  if (result.isAuthenticated && result.user?.email) {
    return { status: "authenticated", user: result.user };
  }
  return { status: "unauthenticated", reason: NOT_AUTHENTICATED };
}

/**
 * Spec §8: an error mentioning 401 or 403 means "User not authenticated"; one containing
 * "Database not available" lets the user through; any other failure goes to /login.
 */
export function stateFromSessionError(error: unknown): AuthGateState {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 401 || status === 403 || /\b40[13]\b/.test(message)) {
    return { status: "unauthenticated", reason: NOT_AUTHENTICATED };
  }
  if (message.includes("Database not available")) {
    return { status: "authenticated", user: null };
  }
  return { status: "unauthenticated", reason: message || "Session check failed" };
}
