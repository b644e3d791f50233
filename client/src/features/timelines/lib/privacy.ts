import type { Privacy } from "../../../gql/graphql";

export interface PrivacyOption {
  value: Privacy;
  label: string;
  /** One line under the option. */
  hint: string;
}

/** The three tiers of docs/product.md §1/§9, in order of reach (docs/decisions/003-privacy-tiers.md). */
export const privacyOptions: readonly PrivacyOption[] = [
  { value: "PRIVATE", label: "Private", hint: "Only the two of you" },
  { value: "SEMI_PRIVATE", label: "Semi-private", hint: "You two and people close to you" },
  { value: "PUBLIC", label: "Public", hint: "People connected to either of you" },
];

export function privacyLabel(value: Privacy): string {
  return privacyOptions.find((option) => option.value === value)?.label ?? "Private";
}

/**
 * The info box under the privacy selector: exactly who will see the timeline and its memories
 * (docs/decisions/003-privacy-tiers.md). `name` is the other person, when known.
 */
export function privacyExplanation(value: Privacy, name?: string | null): string {
  const other = name?.trim() || "your collaborator";
  switch (value) {
    case "PRIVATE":
      return `Only you and ${other} will see this timeline and its memories. Nobody else can find it.`;
    case "SEMI_PRIVATE":
      return `You, ${other}, and people within 2 degrees of either of you (your connections and their connections) will see this timeline and its memories.`;
    case "PUBLIC":
      return `Anyone signed in who is connected to you or ${other} by a chain of up to 6 connections will see this timeline and its memories. Strangers with no connection to either of you never will.`;
  }
}
