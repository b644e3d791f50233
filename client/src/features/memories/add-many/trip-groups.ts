/**
 * Add many (docs/decisions/058-add-many-and-share-target.md): the chosen photos and videos grouped
 * into memories by the day they were taken, at most ten to a memory, and the person's changes to
 * that grouping (split, merge with the next, move a photo to a neighbour, reorder). Pure
 * functions over plain data, so the draft kept in IndexedDB is the same shape as the screen's state.
 */

export const MAX_FILES = 100;
export const MAX_PER_MEMORY = 10;

/** A chosen file as far as grouping needs it: its fingerprint and when it was taken. */
export interface TripFile {
  /** name + size + lastModified: how a file chosen again is recognised (./file-key.ts). */
  key: string;
  /** The capture time (local, "YYYY-MM-DDTHH:mm:ss"), else the file's last change. */
  takenAt: string;
}

export interface TripGroup {
  id: string;
  /** "YYYY-MM-DD": the memory's date, from its first photo's capture time. */
  day: string;
  keys: string[];
  caption: string;
  meaning: string;
  location: string;
  /** The person wrote or cleared the place: the server's suggestion no longer fills it. */
  locationTouched: boolean;
}

let counter = 0;
/** A group id unique within the page (and unlikely to meet one restored from a draft). */
export function newGroupId(): string {
  counter += 1;
  return `g-${Date.now().toString(36)}-${counter}`;
}

function group(day: string, keys: string[]): TripGroup {
  return { id: newGroupId(), day, keys, caption: "", meaning: "", location: "", locationTouched: false };
}

export const dayOf = (takenAt: string): string => takenAt.slice(0, 10);

/** Splits `list` into runs of at most `size`, as even as can be (23 → 8, 8, 7; not 10, 10, 3). */
function evenChunks<T>(list: T[], size: number): T[][] {
  const parts = Math.ceil(list.length / size);
  const chunks: T[][] = [];
  let start = 0;
  for (let i = 0; i < parts; i += 1) {
    const length = Math.ceil((list.length - start) / (parts - i));
    chunks.push(list.slice(start, start + length));
    start += length;
  }
  return chunks;
}

/** One memory per day of capture, oldest first, photos in the order taken; a day of more than ten makes several. */
export function groupByDay(files: TripFile[]): TripGroup[] {
  const sorted = [...files].sort((a, b) => a.takenAt.localeCompare(b.takenAt) || a.key.localeCompare(b.key));
  const days = new Map<string, string[]>();
  for (const file of sorted) {
    const day = dayOf(file.takenAt);
    days.set(day, [...(days.get(day) ?? []), file.key]);
  }
  return [...days].flatMap(([day, keys]) => evenChunks(keys, MAX_PER_MEMORY).map((chunk) => group(day, chunk)));
}

/** Adds files chosen later (a share, a second pick) as memories of their own days. */
export function addFiles(groups: TripGroup[], files: TripFile[]): TripGroup[] {
  const known = new Set(groups.flatMap((g) => g.keys));
  const fresh = files.filter((file) => !known.has(file.key));
  return fresh.length ? [...groups, ...groupByDay(fresh)].sort((a, b) => a.day.localeCompare(b.day)) : groups;
}

const indexOf = (groups: TripGroup[], id: string): number => groups.findIndex((g) => g.id === id);

/** Splits a memory in two before its photo at `at` (by default in the middle); the texts stay with the first. */
export function splitGroup(groups: TripGroup[], id: string, at?: number): TripGroup[] {
  const i = indexOf(groups, id);
  const target = groups[i];
  if (!target || target.keys.length < 2) return groups;
  const cut = Math.min(Math.max(at ?? Math.ceil(target.keys.length / 2), 1), target.keys.length - 1);
  const first = { ...target, keys: target.keys.slice(0, cut) };
  const second = group(target.day, target.keys.slice(cut));
  return [...groups.slice(0, i), first, second, ...groups.slice(i + 1)];
}

/** Whether a memory can take in the next one (together at most ten). */
export function canMergeWithNext(groups: TripGroup[], id: string): boolean {
  const i = indexOf(groups, id);
  const next = groups[i + 1];
  return i >= 0 && !!next && groups[i]!.keys.length + next.keys.length <= MAX_PER_MEMORY;
}

/** Joins a memory with the next one; texts written in either are kept (the first's first). */
export function mergeWithNext(groups: TripGroup[], id: string): TripGroup[] {
  if (!canMergeWithNext(groups, id)) return groups;
  const i = indexOf(groups, id);
  const [a, b] = [groups[i]!, groups[i + 1]!];
  const join = (x: string, y: string) => [x.trim(), y.trim()].filter(Boolean).join("\n\n");
  const merged: TripGroup = {
    ...a,
    keys: [...a.keys, ...b.keys],
    caption: a.caption.trim() ? a.caption : b.caption,
    meaning: join(a.meaning, b.meaning),
    location: a.location || b.location,
    locationTouched: a.locationTouched || b.locationTouched,
  };
  return [...groups.slice(0, i), merged, ...groups.slice(i + 2)];
}

/** Whether a photo may move to the memory before (-1) or after (+1) its own. */
export function canMove(groups: TripGroup[], id: string, direction: -1 | 1): boolean {
  const neighbour = groups[indexOf(groups, id) + direction];
  return indexOf(groups, id) >= 0 && !!neighbour && neighbour.keys.length < MAX_PER_MEMORY;
}

/**
 * Moves a photo to the neighbouring memory: to the end of the one before, or the start of the one
 * after. A memory left empty is removed.
 */
export function movePhoto(groups: TripGroup[], id: string, key: string, direction: -1 | 1): TripGroup[] {
  if (!canMove(groups, id, direction)) return groups;
  const i = indexOf(groups, id);
  const j = i + direction;
  const next = groups.map((g, n) => {
    if (n === i) return { ...g, keys: g.keys.filter((k) => k !== key) };
    if (n === j) return { ...g, keys: direction < 0 ? [...g.keys, key] : [key, ...g.keys] };
    return g;
  });
  return next.filter((g) => g.keys.length > 0);
}

/** Moves a photo one place earlier (-1) or later (+1) within its memory; the first is the cover. */
export function reorderPhoto(groups: TripGroup[], id: string, key: string, delta: -1 | 1): TripGroup[] {
  return groups.map((g) => {
    if (g.id !== id) return g;
    const from = g.keys.indexOf(key);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= g.keys.length) return g;
    const keys = [...g.keys];
    [keys[from], keys[to]] = [keys[to]!, keys[from]!];
    return { ...g, keys };
  });
}

/** Keeps the first hundred files; says how many were left out. */
export function firstHundred<T>(files: T[]): { kept: T[]; leftOut: number } {
  return { kept: files.slice(0, MAX_FILES), leftOut: Math.max(0, files.length - MAX_FILES) };
}
