/**
 * docs/product.md §8 messages that only the memory screens show (exact strings); the limits and the
 * messages the server answers too are in the contract, `@keepsake/contract` (docs/decisions/030-one-contract.md).
 */
export const SAVE_NOTE_ERROR = "There was an issue saving your note. Please try again.";
/** Add Memory failed for a reason the server did not explain (the network, an outage). */
export const ADD_MEMORY_ERROR = "There was an issue adding your memory. Please try again.";
export const SAVE_MEMORY_ERROR = "There was an issue saving your memory. Please try again.";
export const DELETE_MEMORY_CONFIRM = "Are you sure you want to delete this memory? This action cannot be undone.";
export const DELETE_MEMORY_ERROR = "Failed to delete memory. Please try again.";
/** Deleting the other person's memory names them, and says they will be told (docs/decisions/037-each-voice-its-authors.md). */
export const deleteTheirMemoryConfirm = (name: string) =>
  `${name} added this memory. It will be gone for both of you, and ${name} will be told. This action cannot be undone.`;
/** The lock on a memory seen by fewer people than its timeline (docs/decisions/052-memory-privacy.md). */
export const NARROWER_MEMORY_LABEL = "Seen by fewer people than its timeline";
/** Edit Memory: a wider tier for the memory waits for the other person. */
export const memoryWidenAsked = (name: string) => `Memory saved. ${name} was asked to agree to let more people see it.`;
export const memoryWidenWaiting = (name: string) => `Waiting for ${name} to agree to let more people see this memory.`;
