import { badInput } from "./errors.js";
import { CODE_POINTS_PER_CHARACTER, graphemeLength, unitsFor } from "./text-rules.js";

/**
 * Small input checks shared by the services (the GraphQL resolvers and the REST façade call the
 * same services, so both answer the same BAD_USER_INPUT message).
 */

/**
 * A string field that may be absent (undefined → undefined; null → ""). Trimmed; at most `max`
 * user-perceived characters (grapheme clusters), and at most ten code points per character
 * (the column width; a longer cluster is not a character anyone types). A text longer than
 * `max` characters can be in UTF-16 units is refused before its characters are counted.
 */
export function optionalText(value: unknown, label: string, max: number): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return "";
  if (typeof value !== "string") throw badInput(`${label} must be text`);
  const tooLong = () => badInput(`${label} must be at most ${max} characters`);
  // read without walking the text: counting characters walks all of it
  if (value.length > unitsFor(max)) throw tooLong();
  const text = value.trim();
  if (graphemeLength(text) > max || [...text].length > max * CODE_POINTS_PER_CHARACTER) throw tooLong();
  return text;
}

/** A required, non-empty string of at most `max` characters. */
export function requiredText(value: unknown, label: string, max: number): string {
  const text = optionalText(value ?? "", label, max) ?? "";
  if (!text) throw badInput(`${label} is required`);
  return text;
}

/** Escapes LIKE/ILIKE wildcards so user input matches literally (ESCAPE '\'). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** True for Postgres unique violations on the given constraint/index name. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const name = e?.driverError?.constraint ?? e?.constraint;
  return code === "23505" && (!constraint || name === constraint);
}
