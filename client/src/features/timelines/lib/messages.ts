/**
 * docs/product.md §8 messages that only the timeline screens show (exact strings); the title's limit
 * and the messages the server answers too are in `@keepsake/contract` (docs/decisions/030-one-contract.md).
 */
export const CREATE_TIMELINE_ERROR = "There was an error creating the timeline. Please try again.";
export const SAVE_SETTINGS_ERROR = "Failed to save changes. Please try again.";
export const DELETE_TIMELINE_ERROR = "Failed to delete timeline. Please try again.";
export const DELETE_TIMELINE_CONFIRM =
  "Are you sure you want to delete this timeline? All of its memories will be deleted too. This action cannot be undone.";
export const ACCESS_NOT_FOUND_TITLE = "Timeline Not Found";
export const ACCESS_NO_ID = "No timeline ID provided";
export const ACCESS_CHECK_FAILED = "Unable to verify access to this timeline";
