// Messages that the server answers and the client shows or recognises, in the product's exact
// words (docs/product.md §8). Messages only one side uses stay with that side.

/** A memory's date that is not a real date. */
export const INVALID_DATE_MESSAGE = "Please select a valid date";
/** A memory's date after today. */
export const FUTURE_DATE_MESSAGE = "Please select a past or present date for your memory";
/** The access page when a timeline is missing or hidden (docs/decisions/003-privacy-tiers.md). */
export const ACCESS_NOT_FOUND = "This timeline could not be found or accessed.";
/** Saving a profile with a username someone else has. */
export const USERNAME_TAKEN = "This username is already taken. Please choose a different one.";
/** A memory whose photo or video is already in that timeline (409 with `duplicate_of`). */
export const ALREADY_IN_TIMELINE = "Already in this timeline";
/** A call that needs a session and has none; the profile screen maps it to "session expired". */
export const AUTHENTICATION_REQUIRED = "Authentication required";
/** A memory with more photos and videos than MEMORY_MEDIA_MAX. */
export const TOO_MANY_MEDIA = "A memory holds up to 10 photos or videos";
