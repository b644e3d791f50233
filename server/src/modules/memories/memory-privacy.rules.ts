import { badInput } from "../../lib/errors.js";
import { Privacy } from "../../entities/timeline.enums.js";
import { isWider } from "../access/memory-tiers.js";

/** The words of a memory's tier (docs/decisions/052-memory-privacy.md). */
export const MEMORY_PRIVACY_MESSAGES = {
  invalid: "Privacy must be private, semi-private or public, or empty for the timeline's",
  nothingPending: "There is no privacy change waiting for an answer",
  ownRequest: "You asked for this change, so the other person is the one to answer it",
  tierNeeded: "Say which tier you agree to: accepting names the tier you were asked about",
  participantsOnly: "Only the two people who share this timeline can change who sees its memories",
} as const;

/** A tier wider than the timeline's is refused, naming the timeline's (400). */
export const widerThanTimeline = (timeline: Privacy) =>
  `A memory cannot be seen by more people than its timeline: this timeline is ${timeline}. Widen the timeline first.`;

/** The request changed between the screen and the answer: nothing is applied (409). */
export const memoryRequestChanged = (now: Privacy | null) =>
  now
    ? `This request changed: it now asks to make the memory ${now}. Please look at it again before you answer.`
    : MEMORY_PRIVACY_MESSAGES.nothingPending;

const VALUES: readonly string[] = Object.values(Privacy);

/**
 * A memory's tier as sent: undefined = no change, null (or "") = the timeline's, else a tier;
 * anything else is a 400.
 */
export function parseMemoryPrivacy(value: unknown): Privacy | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value === "string" && VALUES.includes(value)) return value as Privacy;
  throw badInput(MEMORY_PRIVACY_MESSAGES.invalid, { field: "privacy" });
}

/** A memory's own tier must not be wider than its timeline's (400 otherwise). */
export function checkWithinTimeline(wanted: Privacy | null, timeline: Privacy): void {
  if (wanted && isWider(timeline, wanted)) throw badInput(widerThanTimeline(timeline), { field: "privacy" });
}
