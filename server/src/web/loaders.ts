import DataLoader from "dataloader";
import type { Viewer } from "../modules/access/access.service.js";
import type { Page } from "../db/keyset.js";
import { knownFirst } from "../modules/access/known-rows.js";
import type { MediaReads } from "../modules/media/media.reads.js";
import type { MemoryReads, TimelinePageRequest } from "../modules/memories/memory.reads.js";
import type { TimelineReads } from "../modules/timelines/timeline.reads.js";
import type { UserReads } from "../modules/users/user.reads.js";
import type { MediaFile } from "../entities/media-file.entity.js";
import type { Memory } from "../entities/memory.entity.js";
import type { Timeline } from "../entities/timeline.entity.js";
import type { User } from "../entities/user.entity.js";

/** Loads rows by id in one query per tick, keeping the input order (missing → null). */
export function byIdLoader<T extends { id: string }>(load: (ids: string[]) => Promise<T[]>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await load([...ids]);
    const map = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => map.get(id) ?? null);
  });
}

/**
 * Per-request DataLoaders: an operation's SQL statement count must not grow with list sizes.
 * They read through the access-aware read layer for the request's viewer (asked at load time, so
 * a sign-in within the request counts): a timeline, its memories or their count never reach
 * someone who may not see the timeline. The rows' access facts are already known to the viewer
 * by then, so the checks cost no statement (docs/decisions/003-privacy-tiers.md). Rows the read
 * layer already read in this request, joined to what was asked, are taken from the viewer's
 * `known` rows first (docs/decisions/028-fast-graphql-path.md); timelines among them still pass
 * the policy here.
 */
/** The reads the loaders go through. */
export interface LoaderReads {
  users: UserReads;
  media: MediaReads;
  timelines: TimelineReads;
  memories: MemoryReads;
}

export function createLoaders(reads: LoaderReads, viewer: () => Viewer) {
  return {
    userById: byIdLoader<User>((ids) =>
      knownFirst(viewer().known.users, ids, (missing) => reads.users.byIds(viewer(), missing)),
    ),
    mediaById: byIdLoader<MediaFile>((ids) =>
      knownFirst(viewer().known.media, ids, (missing) => reads.media.byIds(viewer(), missing)),
    ),
    timelineById: byIdLoader<Timeline>(async (ids) => {
      const v = viewer();
      const rows = await knownFirst(v.known.timelines, ids, (missing) => reads.timelines.visibleByIds(v, missing));
      return v.filterVisible(rows);
    }),
    /** a page of a timeline's memories; requests with the same page arguments share one statement */
    memoryPageByTimeline: new DataLoader<TimelinePageRequest, Page<Memory>, string>(
      (requests) => reads.memories.pagesByTimelineIds(viewer(), requests),
      { cacheKeyFn: (r) => JSON.stringify([r.timelineId, r.sort, r.size, r.after]) },
    ),
    /** how many memories each month of a timeline holds (the strip's marks and years) */
    memoryMonthsByTimelineId: new DataLoader<string, { month: string | null; count: number }[]>((ids) =>
      reads.memories.monthsByTimelineIds(viewer(), ids),
    ),
    memoryCountByTimelineId: new DataLoader<string, number>(async (ids) => {
      const v = viewer();
      const visible = await v.visibleTimelineIds([...ids]);
      const missing = ids.filter((id) => !visible.has(id) || !v.known.memoryCounts.has(id));
      const counts = missing.length ? await reads.memories.countsByTimelineIds(v, missing) : [];
      const loaded = new Map(missing.map((id, i) => [id, counts[i]!]));
      return ids.map((id) => loaded.get(id) ?? v.known.memoryCounts.get(id)!);
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
