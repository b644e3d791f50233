import { MEMORY_MEDIA_MAX, TOO_MANY_MEDIA } from "@keepsake/contract";
import { badInput } from "../../lib/errors.js";
import { isUuid } from "../access/access.service.js";

/**
 * A memory's photos and videos (docs/decisions/051-several-photos-per-memory.md): 1 to
 * MEMORY_MEDIA_MAX in the order its participants choose, the first the cover. Errors carry a typed
 * `reason` beside the code, so a client can tell them apart without reading the words.
 */
export { MEMORY_MEDIA_MAX, TOO_MANY_MEDIA };
export const MEDIA_REQUIRED = "Please choose a photo or video for this memory";
export const MEDIA_NOT_FOUND = "The uploaded file was not found. Please upload it again.";
export const MEDIA_REPEATED = "The same photo or video is in this memory twice";

export type MediaListReason = "media_required" | "too_many_media" | "media_repeated" | "media_not_found";

export const mediaListError = (reason: MediaListReason, extra: Record<string, unknown> = {}) => {
  const message = {
    media_required: MEDIA_REQUIRED,
    too_many_media: TOO_MANY_MEDIA,
    media_repeated: MEDIA_REPEATED,
    media_not_found: MEDIA_NOT_FOUND,
  }[reason];
  return badInput(message, { reason, ...extra });
};

/**
 * The ordered ids of a write's `mediaIds` / `media_public_ids`: undefined when absent (the write
 * keeps or names a single media the older way); else 1..MEMORY_MEDIA_MAX distinct ids.
 */
export function parseMediaIds(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (!list.length) throw mediaListError("media_required");
  if (list.length > MEMORY_MEDIA_MAX) throw mediaListError("too_many_media", { max: MEMORY_MEDIA_MAX });
  const ids = list.map((v) => (typeof v === "string" ? v.trim() : ""));
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined) throw mediaListError("media_not_found", { media_id: bad || null });
  if (new Set(ids).size !== ids.length) throw mediaListError("media_repeated");
  return ids;
}

/** Whether two orders of media differ. */
export function sameMedia(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
