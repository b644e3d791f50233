// Usernames nobody may take (docs/decisions/017-hostile-input.md): names that look like the app or
// its staff speaking, or like one of its paths. Shared, so the profile screen can say "reserved"
// rather than "taken" before asking (docs/decisions/037-each-voice-its-authors.md).
export const RESERVED_USERNAMES = new Set([
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

export function isReservedUsername(name) {
  return RESERVED_USERNAMES.has(String(name).toLowerCase());
}
