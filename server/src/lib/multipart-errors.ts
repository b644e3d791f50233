/** The answer to a multipart body the parser could not read (malformed or cut short). */
export const UNREADABLE_UPLOAD = "The upload could not be read. Please try again.";

/**
 * What busboy says about a body that is not valid multipart: a malformed part header (a NUL, a
 * line without a colon, a header over 16 KB), or a body that ends before its closing boundary.
 */
const PARSE_ERRORS = new Set([
  "Malformed part header",
  "Unexpected end of form",
  "Unexpected end of file",
  "Malformed urlencoded form",
]);

export function isMultipartParseError(err: unknown): boolean {
  return err instanceof Error && PARSE_ERRORS.has(err.message);
}
