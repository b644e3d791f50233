import type DataLoader from "dataloader";
import type { MediaFile } from "../entities/media-file.entity.js";
import type { Timeline } from "../entities/timeline.entity.js";
import type { User } from "../entities/user.entity.js";

/**
 * The request's one cache (docs/decisions/038-one-request-cache.md): DataLoaders by id, one set per
 * viewer and request, built by `web/loaders.ts`. The row readers prime them with what a read
 * joined in (a memory's media and author, a timeline's people and count); the presenters load
 * through them. `timelineById` and `memoryCountByTimelineId` hold only timelines that passed the
 * policy for this viewer.
 */
export interface RequestLoaders {
  userById: DataLoader<string, User | null>;
  mediaById: DataLoader<string, MediaFile | null>;
  /** a memory's media ids in order, the cover first (docs/decisions/051-several-photos-per-memory.md) */
  mediaIdsByMemoryId: DataLoader<string, string[]>;
  timelineById: DataLoader<string, Timeline | null>;
  memoryCountByTimelineId: DataLoader<string, number>;
}
