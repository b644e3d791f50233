import { AUDIENCE_CAP } from "@keepsake/contract";

/**
 * The line under each privacy tier saying who it lets in right now
 * (docs/decisions/025-audience-preview.md): "Only you two", "About 14 people, including Maya and
 * Leo", "More than 100 people" past the count the server stops at. Small numbers are said exactly; everyone is named when there are at most three and all are
 * known; otherwise at most two names, and none when the asker knows nobody among them.
 */
export const ONLY_YOU_TWO = "Only you two";

/** Above this many people the count is "About N": it is right now, and it moves as people connect. */
const EXACT_UP_TO = 3;
const NAMED_AT_MOST = 2;

export interface AudiencePerson {
  displayName: string;
  fullName?: string | null;
  username: string;
}

export function personName(p: AudiencePerson): string {
  return p.displayName.trim() || p.fullName?.trim() || `@${p.username}`;
}

/** "Maya", "Maya and Leo", "Maya, Leo and Sam". */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export function audienceText(count: number, known: readonly AudiencePerson[]): string {
  if (count <= 0) return ONLY_YOU_TWO;
  const names = known.slice(0, count).map(personName);
  const people =
    count > AUDIENCE_CAP
      ? `More than ${AUDIENCE_CAP} people`
      : count === 1
        ? "1 person"
        : count <= EXACT_UP_TO
          ? `${count} people`
          : `About ${count} people`;
  if (names.length === 0) return people;
  if (names.length === count && count <= EXACT_UP_TO) return `${people}: ${listOfNames(names)}`;
  return `${people}, including ${listOfNames(names.slice(0, NAMED_AT_MOST))}`;
}
