/** Query parameters that carry a secret: a sign-in token or code, a media signature. */
const SECRET_PARAMS = /([?&](?:token|recoveryToken|code|sig)=)[^&#]*/gi;

/** A piece of a URL between its delimiters that holds an e-mail address (`@`, or `%40` encoded). */
const HOLDS_ADDRESS = /@|%40/i;

/**
 * A URL as it may be logged (docs/decisions/016-outages-and-shutdown.md: logs carry no users' data):
 * sign-in secrets, and every path segment or query value holding an `@`, replaced by
 * `[redacted]`, whatever the route. Split at the delimiters rather than matched by one pattern,
 * which would backtrack over a long URL.
 */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  return url
    .replace(SECRET_PARAMS, "$1[redacted]")
    .split(/([/?&=#])/)
    .map((piece) => (HOLDS_ADDRESS.test(piece) ? "[redacted]" : piece))
    .join("");
}
