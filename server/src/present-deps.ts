import type DataLoader from "dataloader";
import type { MediaFile } from "./entities/media-file.entity.js";
import type { Timeline } from "./entities/timeline.entity.js";
import type { User } from "./entities/user.entity.js";
import type { Viewer } from "./modules/access/access.service.js";
import type { MediaService } from "./modules/media/media.service.js";

/**
 * What a presenter (`modules/<feature>/<feature>.presenter.ts`) computes derived fields from:
 * the request's viewer (asked when a field is computed, so a sign-in within the request counts),
 * its per-request loaders (no per-field statements, docs/decisions/028-fast-graphql-path.md) and
 * the media URL signer. One presenter per type serves both doors (docs/decisions/015-code-layout.md).
 */
export interface PresentDeps {
  viewer: () => Viewer;
  loaders: PresentLoaders;
  media: Pick<MediaService, "signedUrl" | "urlsFor">;
}

/** The request's loaders a presenter reads relations through (built per request by `web/loaders.ts`). */
export interface PresentLoaders {
  userById: DataLoader<string, User | null>;
  mediaById: DataLoader<string, MediaFile | null>;
  /** a memory's media ids in order, the cover first */
  mediaIdsByMemoryId: DataLoader<string, string[]>;
  timelineById: DataLoader<string, Timeline | null>;
  memoryCountByTimelineId: DataLoader<string, number>;
}
