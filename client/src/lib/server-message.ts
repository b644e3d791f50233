import { CombinedGraphQLErrors } from "@apollo/client";

/** Codes whose message the server wrote for a person to read (docs/decisions/008-api-shapes.md). */
const READABLE = new Set([
  "BAD_USER_INPUT",
  "FORBIDDEN",
  "NOT_FOUND",
  "RATE_LIMITED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "QUOTA_EXCEEDED",
]);

/**
 * What a failed request tells the person: the server's own message when it answered one of the
 * known refusals (a date in the future, a file it cannot use, a limit), else `fallback` (the
 * network, an outage, an internal error, whose text is not for people).
 */
export function serverMessageOf(error: unknown, fallback: string): string {
  if (!CombinedGraphQLErrors.is(error)) return fallback;
  const known = error.errors.find((item) => READABLE.has(String(item.extensions?.code)) && item.message);
  return known?.message ?? fallback;
}
