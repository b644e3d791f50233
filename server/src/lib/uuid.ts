/** A UUID as Postgres and `crypto.randomUUID()` write it (any letter case), for building patterns. */
export const UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const UUID = new RegExp(`^${UUID_PATTERN}$`, "i");

/** True for a well-formed UUID: checked before any id reaches SQL, so bad ids are a 400/404, never a 500. */
export const isUuid = (v: unknown): v is string => typeof v === "string" && UUID.test(v);

const MEDIA_ID = new RegExp(`(?:^|/media/)(${UUID_PATTERN})(?:[/?]|$)`, "i");

/**
 * The media id in a bare id or in a `/media/<id>/…` URL the server handed out earlier (the REST
 * shapes of docs/product.md §7 send media back as URLs), lower-cased; undefined when there is none.
 */
export function mediaIdIn(value: string): string | undefined {
  return MEDIA_ID.exec(value)?.[1]?.toLowerCase();
}
