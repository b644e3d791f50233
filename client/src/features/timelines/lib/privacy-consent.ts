import type { Privacy, PrivacyRequest_TimelineFragment } from "../../../gql/graphql";
import { privacyLabel } from "./privacy";

/** "semi-private", as a sentence says it. */
export const tierWord = (value: Privacy) => privacyLabel(value).toLowerCase();

/**
 * The rule where the tier is chosen (docs/decisions/026-two-keys-privacy.md), or null when one key
 * is enough: a proposal (accepting it accepts its tier) or a timeline whose other person left.
 */
export function privacyConsentRule(
  timeline: Pick<PrivacyRequest_TimelineFragment, "status" | "formerMember">,
  otherName: string,
): string | null {
  if (timeline.status !== "ACCEPTED" || timeline.formerMember) return null;
  return `Making this timeline more private takes effect right away. Letting more people see it needs ${otherName} to agree; until then it stays as it is.`;
}

export const PRIVACY_TOASTS = {
  asked: (name: string, tier: Privacy) => `Saved. ${name} has been asked to agree to make this ${tierWord(tier)}`,
  cancelled: "Request cancelled",
  accepted: (tier: Privacy) => `This timeline is now ${tierWord(tier)}`,
  declined: (tier: Privacy) => `This timeline stays ${tierWord(tier)}`,
} as const;

const ORDER: Privacy[] = ["PRIVATE", "SEMI_PRIVATE", "PUBLIC"];

/** Whether choosing `wanted` lets more people in than `current`: then the other person must agree. */
export const widens = (current: Privacy, wanted: Privacy) => ORDER.indexOf(wanted) > ORDER.indexOf(current);

/** The line a request to widen shows the person asked: who could see it then, as the asker saw it. */
export const audienceIfAgreed = (text: string) => `Who could see it then: ${text}`;
