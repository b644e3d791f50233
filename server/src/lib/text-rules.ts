import { MEANING_MAX, PARTNER_MEANING_MAX } from "@keepsake/contract";
import { countGraphemes, graphemeSegments } from "unicode-segmenter/grapheme";

/**
 * The text rules of both APIs, checked once at the boundary (docs/decisions/017-hostile-input.md):
 * no NUL, no other C0/C1 control character, no bidi override or isolate character (U+202A–202E,
 * U+2066–2069) in any text a person sends. Newline, carriage return and tab are allowed only in
 * the multi-line fields. Lengths count user-perceived characters (grapheme clusters), after a
 * cheap bound on the UTF-16 length that refuses a text far too long without walking it.
 */

/**
 * Fields whose text may span lines (docs/product.md §5: bio, a memory's caption and meaning, and
 * the partner's note, docs/decisions/027-two-voices.md).
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set([
  "bio",
  "caption",
  "meaning",
  "partnerMeaning",
  "partner_meaning",
  "notes",
]);

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const ALWAYS_REFUSED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;

/** True when `text` may be sent in the field named `field`. */
export function isAllowedText(text: string, field: string): boolean {
  if (ALWAYS_REFUSED.test(text)) return false;
  return MULTI_LINE_FIELDS.has(field) || !LINE_BREAKS_AND_TABS.test(text);
}

/** At most this many code points make one character (a longer cluster is not a character anyone types). */
export const CODE_POINTS_PER_CHARACTER = 10;

/** The UTF-16 length a text of `max` characters can have: each code point is one or two units. */
export const unitsFor = (max: number): number => max * CODE_POINTS_PER_CHARACTER * 2;

/** The longest text any field takes (a memory's meaning, or the partner's note), in UTF-16 units. */
export const LONGEST_TEXT_UNITS = unitsFor(Math.max(MEANING_MAX, PARTNER_MEANING_MAX));

/** Why a text was refused, and the field it was sent in. */
export interface TextRefusal {
  field: string;
  reason: "character" | "length";
}

/**
 * The refusal of `text` sent in `field`, or null. The length comes first: a text longer than any
 * field allows (in UTF-16 units, read without walking the text) is refused before anything
 * walks it.
 */
export function textRefusal(text: string, field: string): TextRefusal | null {
  if (text.length > LONGEST_TEXT_UNITS) return { field, reason: "length" };
  return isAllowedText(text, field) ? null : { field, reason: "character" };
}

/** The message of a refusal, naming the field. */
export function refusedTextMessage({ field, reason }: TextRefusal): string {
  // an address has the spec's own message (docs/product.md §5, decision 002)
  if (field === "email") return "Please enter a valid email address";
  if (reason === "length") return `${field} is too long`;
  return `${field} contains a character that is not allowed (a control or text-direction character)`;
}

/**
 * The first field of a JSON-like value (a body, a query, GraphQL variables) whose text breaks
 * the rules, or null. Keys are checked too; a field is named by its own key (the nearest key
 * above an array element).
 */
export function findRefusedText(value: unknown, field = "value", depth = 0): TextRefusal | null {
  if (depth > 32) return null;
  if (typeof value === "string") return textRefusal(value, field);
  if (Array.isArray(value)) {
    for (const item of value) {
      const bad = findRefusedText(item, field, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const badKey = textRefusal(key, "key");
      if (badKey) return badKey;
      const bad = findRefusedText(item, key, depth + 1);
      if (bad) return bad;
    }
  }
  return null;
}

/**
 * User-perceived characters (grapheme clusters): a family emoji counts as one, as people see it.
 * Counted by unicode-segmenter: Node 20's Intl.Segmenter takes time that grows with the square of
 * the text's length (20,000 characters: a fifth of a second).
 */
export function graphemeLength(text: string): number {
  return countGraphemes(text);
}

/**
 * `text` cut to at most `max` user-perceived characters, never inside one: an emoji (a surrogate
 * pair, or a family joined by zero-width joiners) is kept whole or left out, never split into a
 * lone surrogate. Notices are "at most 500 characters" (docs/decisions/007-notifications.md).
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text; // UTF-16 units ≥ characters, so nothing to cut
  let n = 0;
  let end = 0;
  for (const { index, segment } of graphemeSegments(text)) {
    if (n === max) return text.slice(0, index);
    n++;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
