/**
 * Usernames nobody may take (docs/decisions/017-hostile-input.md): names that look like the app
 * or its staff speaking, or like one of its paths (a public profile lives at /profile/{username}).
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "about",
  "account",
  "admin",
  "administrator",
  "api",
  "app",
  "auth",
  "billing",
  "contact",
  "dashboard",
  "help",
  "hostmaster",
  "info",
  "keepsake",
  "login",
  "logout",
  "mail",
  "mailerdaemon",
  "media",
  "moderator",
  "noreply",
  "official",
  "postmaster",
  "privacy",
  "profile",
  "root",
  "security",
  "settings",
  "signin",
  "signup",
  "staff",
  "static",
  "support",
  "system",
  "team",
  "terms",
  "timelines",
  "webmaster",
  "www",
  "graphql",
  "upload",
  "uploads",
  "users",
  "verify",
  "abuse",
  "null",
  "undefined",
]);

export const USERNAME_RESERVED = "This username is reserved. Please choose a different one.";

export function isReservedUsername(name: string): boolean {
  return RESERVED_USERNAMES.has(name.toLowerCase());
}
