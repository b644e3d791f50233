import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { characterCount } from "../../../lib/characters";
import {
  AUTHENTICATION_REQUIRED,
  BIO_MAX,
  DISPLAY_NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_TAKEN,
} from "@keepsake/contract";

/** docs/product.md §5 and §8 messages of this screen only; the limits and shared messages: docs/decisions/030-one-contract.md. */
export const USERNAME_HINT = "Your unique username. Lowercase letters and numbers only.";
export const USERNAME_TAKEN_LIVE = "This username is already taken";
/** What a username typed with capitals or spaces became (docs/decisions/037-each-voice-its-authors.md). */
export const usernameRewritten = (name: string) => `Usernames are lowercase, without spaces: yours will be @${name}`;
export const SESSION_EXPIRED = "Your session has expired. Please log in again.";
export const SAVE_FAILED = "Failed to save profile. Please try again.";

export interface ProfileDraft {
  displayName: string;
  username: string;
  bio: string;
}

export interface ProfileErrors {
  displayName?: string;
  username?: string;
  bio?: string;
}

/**
 * Field errors of the form (docs/product.md §5). The over-limit counters already say so in the spec's
 * words, so those errors are marked but not repeated.
 */
export function validateProfile(draft: ProfileDraft): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!draft.displayName.trim()) errors.displayName = "Display name is required";
  else if (characterCount(draft.displayName) > DISPLAY_NAME_MAX) errors.displayName = "over-limit";
  if (!draft.username) errors.username = "Username is required";
  else if (!/^[a-z0-9]+$/.test(draft.username)) errors.username = "Use lowercase letters and numbers only";
  else if (draft.username.length < USERNAME_MIN)
    errors.username = `Username must be at least ${USERNAME_MIN} characters`;
  else if (draft.username.length > USERNAME_MAX)
    errors.username = `Username must be at most ${USERNAME_MAX} characters`;
  if (characterCount(draft.bio) > BIO_MAX) errors.bio = "over-limit";
  return errors;
}

/** The input is lowercased as it is typed (docs/product.md §5); spaces are dropped. */
export function normalizeUsernameInput(value: string): string {
  return value.toLowerCase().replace(/\s+/g, "");
}

/** Spec §8: what a failed save shows. */
export function profileSaveErrorMessage(error: unknown): string {
  const codes: unknown[] = [];
  const messages: string[] = [];
  if (CombinedGraphQLErrors.is(error)) {
    for (const item of error.errors) {
      codes.push(item.extensions?.code);
      messages.push(item.message);
    }
  } else if (error instanceof Error) {
    messages.push(error.message);
  }
  if (ServerError.is(error) && error.statusCode === 401) codes.push("UNAUTHENTICATED");
  if (codes.includes("CONFLICT")) return USERNAME_TAKEN;
  if (codes.includes("UNAUTHENTICATED") || messages.some((message) => message.includes(AUTHENTICATION_REQUIRED))) {
    return SESSION_EXPIRED;
  }
  return SAVE_FAILED;
}
