import { CAPTION_MAX, LOCATION_MAX, MEANING_MAX, PARTNER_MEANING_MAX } from "@keepsake/contract";
import { CODE_POINTS_PER_CHARACTER } from "../lib/text-rules.js";

/**
 * The JSON body limit of both APIs: the largest legal request and no more. The largest write is a
 * memory's update (caption, meaning, place and the partner's note at their limits); a legal
 * character is at most 10 code points, and a code point outside the BMP spelled as two \u escapes
 * takes 12 bytes. Plus 64 KB for the rest: the GraphQL document (2,000 tokens at most), keys, ids.
 */
export const JSON_BODY_LIMIT_BYTES =
  (CAPTION_MAX + MEANING_MAX + LOCATION_MAX + PARTNER_MEANING_MAX) * CODE_POINTS_PER_CHARACTER * 12 + 64 * 1024;
