import type { MediaFile } from "../../entities/media-file.entity.js";
import type { Timeline } from "../../entities/timeline.entity.js";
import type { User } from "../../entities/user.entity.js";

/**
 * Rows the read layer has already read for this viewer in this request, joined to what was asked
 * (a memory's media and author, a timeline's people, a notice's timeline): the request's loaders
 * take them from here instead of reading them again (docs/decisions/028-fast-graphql-path.md).
 * Per request and per viewer like the Viewer that holds it, never shared. Timelines kept here are
 * still checked against the policy when a loader hands them out. Off for requests that change
 * something (`markWrite` in request-viewer.ts): a row read before the change must not be handed
 * out after it.
 */
export class KnownRows {
  readonly users = new Map<string, User>();
  readonly media = new Map<string, MediaFile>();
  readonly timelines = new Map<string, Timeline>();
  /** memories per timeline, when a read counted them */
  readonly memoryCounts = new Map<string, number>();
  /** whether the viewer shares an accepted timeline with a person (the e-mail rule), where a read found out */
  readonly partners = new Map<string, boolean>();
  private enabled = true;

  /** Forgets everything and keeps nothing from now on. */
  off(): void {
    this.enabled = false;
    this.users.clear();
    this.media.clear();
    this.timelines.clear();
    this.memoryCounts.clear();
    this.partners.clear();
  }

  addUsers(users: ReadonlyArray<User | null>): void {
    if (this.enabled) for (const u of users) if (u) this.users.set(u.id, u);
  }

  addMedia(media: ReadonlyArray<MediaFile | null>): void {
    if (this.enabled) for (const m of media) if (m) this.media.set(m.id, m);
  }

  addTimelines(timelines: ReadonlyArray<Timeline | null>): void {
    if (this.enabled) for (const t of timelines) if (t) this.timelines.set(t.id, t);
  }

  addMemoryCount(timelineId: string, count: number): void {
    if (this.enabled) this.memoryCounts.set(timelineId, count);
  }

  addPartner(userId: string, isPartner: boolean): void {
    if (this.enabled) this.partners.set(userId, isPartner);
  }
}

/** Ids answered from `known`, the rest by `load` (one statement), in the order of `ids`. */
export async function knownFirst<T extends { id: string }>(
  known: ReadonlyMap<string, T>,
  ids: readonly string[],
  load: (missing: string[]) => Promise<T[]>,
): Promise<T[]> {
  const missing = ids.filter((id) => !known.has(id));
  const loaded = missing.length ? await load(missing) : [];
  const out: T[] = [];
  for (const id of ids) {
    const row = known.get(id);
    if (row) out.push(row);
  }
  return out.concat(loaded);
}
