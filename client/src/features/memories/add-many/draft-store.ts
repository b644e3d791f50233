import { del, get, set } from "idb-keyval";
import { offlineStore } from "../../../lib/offline-store";
import type { FileFacts } from "./trip-files";
import type { TripGroup } from "./trip-groups";

/**
 * Add many's draft (docs/decisions/058-add-many-and-share-target.md): the memories being made,
 * their texts, each file's fingerprint, its tus upload's address and, once uploaded, its media id,
 * kept per account and timeline in the device's offline store (src/lib/offline-store.ts), so it
 * goes with the account's other data at logout. No file bytes are kept: the person chooses the
 * same photos again to finish.
 */

export interface DraftFile extends FileFacts {
  /** The tus upload's address (resumed from the server's offset). */
  uploadUrl?: string;
  /** Set once the server has the file: sent as one of the memory's `mediaIds`. */
  mediaId?: string;
  /** The server's small picture of it, for a draft whose files are not chosen again yet. */
  previewUrl?: string | null;
  /** The place the server named from the file's position. */
  place?: string | null;
  /** The memory already holding the same bytes in this timeline: skipped. */
  duplicateOf?: string;
  /** A refusal that cannot change (type, size): the file is left out. */
  refused?: string;
}

export interface TripDraft {
  userId: string;
  timelineId: string;
  /** When the trip was begun (ms). */
  startedAt: number;
  files: Record<string, DraftFile>;
  groups: TripGroup[];
  /** Ids of the memories already made from it (Save all that was cut short goes on with the rest). */
  savedGroups: string[];
}

const draftKey = (userId: string, timelineId: string) => `add-many:${userId}:${timelineId}`;

export async function loadDraft(userId: string, timelineId: string): Promise<TripDraft | null> {
  const db = offlineStore();
  if (!db) return null;
  try {
    const draft = await get<TripDraft>(draftKey(userId, timelineId), db);
    return draft && draft.groups.length > 0 ? draft : null;
  } catch {
    return null;
  }
}

export async function saveDraft(draft: TripDraft): Promise<void> {
  const db = offlineStore();
  if (!db) return;
  try {
    await set(draftKey(draft.userId, draft.timelineId), draft, db);
  } catch (error) {
    // A full or blocked store: the trip goes on, only resuming after a reload is lost.
    console.warn("Could not keep the Add many draft", error);
  }
}

export async function deleteDraft(userId: string, timelineId: string): Promise<void> {
  const db = offlineStore();
  if (!db) return;
  await del(draftKey(userId, timelineId), db).catch(() => undefined);
}
