/**
 * An invite link opened before signing in (docs/decisions/055-reminders-invite-links-and-new-marks.md):
 * its token waits on this device, for an hour at most, so that the sign-in that follows (by code
 * here, or by the mailed link in another tab) lands on the invitation instead of the list. Opening
 * the invitation forgets it, whatever the answer.
 */
const KEY = "keepsake.pendingInvite";
const KEEP_MS = 60 * 60_000;

export function keepPendingInvite(token: string, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ token, until: now + KEEP_MS }));
  } catch {
    // storage refused (private mode): the link still works once signed in
  }
}

/** Where a sign-in should land: the waiting invitation, else `path`. */
export function afterSignIn(path: string, now = Date.now()): string {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? "null") as { token?: unknown; until?: unknown } | null;
    if (kept && typeof kept.token === "string" && typeof kept.until === "number" && kept.until > now)
      return `/app/invite?token=${encodeURIComponent(kept.token)}`;
  } catch {
    // unreadable: nothing waits
  }
  return path;
}

export function forgetPendingInvite(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/** The invite route's loader: keeps the token before the sign-in gate may send the person to /login. */
export function keepInviteFromUrl({ request }: { request: Request }): null {
  const token = new URL(request.url).searchParams.get("token");
  if (token) keepPendingInvite(token);
  return null;
}
