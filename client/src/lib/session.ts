import { apiRequest } from "./rest-client";

/** The user object of a session check (REST shape, docs/product.md §3; only `email` is relied on). */
export interface SessionUser {
  id?: string;
  _id?: string;
  email?: string | null;
  username?: string | null;
  display_name?: string | null;
  full_name?: string | null;
  bio?: string | null;
  profile_photo?: string | null;
}

export interface SessionCheckResult {
  isAuthenticated: boolean;
  user: SessionUser | null;
}

let primed: SessionCheckResult | null = null;

/** The answer the server embedded in the page (./first-data.ts): the next check returns it. */
export function primeSession(result: SessionCheckResult): void {
  primed = result;
}

/** GET /api/auth/check-session, with the session cookie (or, once, the answer in the page). */
export function checkSession(signal?: AbortSignal): Promise<SessionCheckResult> {
  const answer = primed;
  primed = null;
  if (answer) return Promise.resolve(answer);
  return apiRequest<SessionCheckResult>("/auth/check-session", { signal });
}
