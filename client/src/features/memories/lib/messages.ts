/** Spec §9 limits and §8 messages of the memory screens (exact strings). */
export const CAPTION_MAX = 500;
export const LOCATION_MAX = 200;
export const MEANING_MAX = 1000;
/** The partner's note has the meaning's limit (docs/decisions/027-two-voices.md). */
export const PARTNER_MEANING_MAX = 1000;
export const SAVE_NOTE_ERROR = "There was an issue saving your note. Please try again.";
export const SAVE_MEMORY_ERROR = "There was an issue saving your memory. Please try again.";
export const DELETE_MEMORY_CONFIRM = "Are you sure you want to delete this memory? This action cannot be undone.";
export const DELETE_MEMORY_ERROR = "Failed to delete memory. Please try again.";
