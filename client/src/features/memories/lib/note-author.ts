import type { NotePerson } from "../components/memory-viewer-types";

/** The name a note is shown under: the person's display name, else their username. */
export function noteAuthorName(person: NotePerson | null | undefined): string | null {
  return person?.displayName?.trim() || person?.username || null;
}
