import DataLoader from "dataloader";
import type { Viewer } from "../modules/access/access.service.js";
import type { Page } from "../db/keyset.js";
import type { RequestLoaders } from "../db/request-loaders.js";
import type { MediaReads } from "../modules/media/media.reads.js";
import type { MemoryReads, TimelinePageRequest } from "../modules/memories/memory.reads.js";
import type { MemoryMediaReads } from "../modules/memories/memory-media.reads.js";
import type { TimelineReads } from "../modules/timelines/timeline.reads.js";
import type { NewSinceVisit, TimelineVisitReads } from "../modules/timelines/timeline-visit.reads.js";
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

/** The reads the loaders go through. */
export interface LoaderReads {
  users: UserReads;
  media: MediaReads;
  timelines: TimelineReads;
  memories: MemoryReads;
  visits: TimelineVisitReads;
  memoryMedia: MemoryMediaReads;
}

/**
 * The request's one cache (docs/decisions/038-one-request-cache.md): DataLoaders for one viewer in
 * one request, held by the Viewer (`viewer.loaders`), so an operation's SQL statement count does
 * not grow with list sizes. They read through the access-aware read layer: a timeline, its
 * memories or their count never reach someone who may not see the timeline; the rows' access facts
 * are already known to the viewer by then, so the checks cost no statement
 * (docs/decisions/003-privacy-tiers.md). The row readers prime them with what a read joined in.
 */
export function createLoaders(reads: LoaderReads, viewer: Viewer) {
  return {
    userById: byIdLoader<User>((ids) => reads.users.byIds(viewer, ids)),
    mediaById: byIdLoader<MediaFile>((ids) => reads.media.byIds(viewer, ids)),
    timelineById: byIdLoader<Timeline>((ids) => reads.timelines.visibleByIds(viewer, ids)),
    /**
     * the ids of each memory's photos and videos in order, the cover first, in one statement per tick
     * (docs/decisions/051-several-photos-per-memory.md); only asked of memories already read for the
     * viewer, and primed by the memory row reader, so a page of memories costs no statement for them
     */
    mediaIdsByMemoryId: new DataLoader<string, string[]>(async (ids) => {
      const lists = await reads.memoryMedia.idsOfMemories(viewer, ids);
      return ids.map((id) => lists.get(id) ?? []);
    }),
    /** a page of a timeline's memories; requests with the same page arguments share one statement */
    memoryPageByTimeline: new DataLoader<TimelinePageRequest, Page<Memory>, string>(
      (requests) => reads.memories.pagesByTimelineIds(viewer, requests),
      { cacheKeyFn: (r) => JSON.stringify([r.timelineId, r.sort, r.size, r.after]) },
    ),
    /** how many memories each month of a timeline holds (the strip's marks and years); none when not visible */
    memoryMonthsByTimelineId: new DataLoader<string, { month: string | null; count: number }[]>((ids) =>
      reads.memories.monthsByTimelineIds(viewer, ids),
    ),
    /** 0 for a timeline the viewer may not see */
    memoryCountByTimelineId: new DataLoader<string, number>((ids) => reads.memories.countsByTimelineIds(viewer, ids)),
    /** what the other participant added since the viewer's last visit (docs/decisions/055); nothing for others */
    newSinceVisitByTimelineId: new DataLoader<string, NewSinceVisit>((ids) =>
      reads.visits.newSinceByTimelineIds(viewer, ids),
    ),
  } satisfies RequestLoaders & Record<string, unknown>;
}

export type Loaders = ReturnType<typeof createLoaders>;

/** The viewer's loaders, made by `createLoaders` (the composition root hands it to the AccessService). */
export function loadersOf(viewer: Viewer): Loaders {
  return viewer.loaders as Loaders;
}
