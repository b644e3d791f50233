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

/** GET /api/auth/check-session, with the session cookie. */
export function checkSession(signal?: AbortSignal): Promise<SessionCheckResult> {
  return apiRequest<SessionCheckResult>("/auth/check-session", { signal });
}
