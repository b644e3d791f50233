// Field limits in characters (docs/product.md §3, §5, §9). The server rejects a longer value
// with 400; the client counts against the same number and warns before sending.

/** A timeline's title. */
export const TITLE_MAX = 100;
/** A memory's caption. */
export const CAPTION_MAX = 500;
/** A memory's place. */
export const LOCATION_MAX = 200;
/** A memory's meaning, the note of its creator. */
export const MEANING_MAX = 1000;
/** The partner's note has the meaning's limit (docs/decisions/027-two-voices.md). */
export const PARTNER_MEANING_MAX = MEANING_MAX;
/** A profile's display name. */
export const DISPLAY_NAME_MAX = 100;
/** A username: lowercase letters and digits, at least 3 (docs/decisions/006-profile-updates-and-web.md). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** A profile's bio. */
export const BIO_MAX = 500;
/** One e-mail address (docs/decisions/002-sign-in-safety.md). */
export const EMAIL_MAX = 254;

/**
 * The audience of a tier is counted up to this many people; past it the answer is AUDIENCE_CAP + 1
 * and the line says "More than 100 people" (docs/decisions/039-devices-kept-and-removed.md).
 */
export const AUDIENCE_CAP = 100;

/** How many memories a person features on their profile (docs/decisions/053-highlights.md). */
export const HIGHLIGHTS_MAX = 6;
/** A memory's photos and videos: 1 to this many (docs/decisions/051-several-photos-per-memory.md). */
export const MEMORY_MEDIA_MAX = 10;
