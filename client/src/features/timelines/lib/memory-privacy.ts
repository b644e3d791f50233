import type { Privacy } from "../../../gql/graphql";
import { privacyLabel, privacyOptions } from "./privacy";

/** Narrowest first (docs/decisions/003-privacy-tiers.md). */
const ORDER: readonly Privacy[] = ["PRIVATE", "SEMI_PRIVATE", "PUBLIC"];

export interface MemoryPrivacyChoice {
  /** What is sent: null = the same as the timeline. */
  value: Privacy | null;
  /** The tier it means now, for its icon and its audience line. */
  tier: Privacy;
  label: string;
  hint: string;
}

/**
 * The choices of "Who can see this memory" (docs/decisions/052-memory-privacy.md): the same as the
 * timeline first (the default), then each tier narrower than the timeline's, widest first.
 */
export function memoryPrivacyChoices(timelinePrivacy: Privacy): MemoryPrivacyChoice[] {
  const narrower = ORDER.slice(0, ORDER.indexOf(timelinePrivacy)).reverse();
  return [
    {
      value: null,
      tier: timelinePrivacy,
      label: "Same as the timeline",
      hint: privacyLabel(timelinePrivacy),
    },
    ...narrower.map((tier) => {
      const option = privacyOptions.find((o) => o.value === tier)!;
      return { value: tier, tier, label: option.label, hint: option.hint };
    }),
  ];
}

/** Whether `to` lets more people in than `from` (null = the timeline's tier). */
export function widensMemory(from: Privacy | null, to: Privacy | null, timelinePrivacy: Privacy): boolean {
  const rank = (p: Privacy | null) =>
    ORDER.indexOf(p && ORDER.indexOf(p) < ORDER.indexOf(timelinePrivacy) ? p : timelinePrivacy);
  return rank(to) > rank(from);
}
