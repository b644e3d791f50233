import type { DataSource } from "typeorm";
import { MediaReads } from "../media/media.reads.js";
import { MemoryReads } from "../memories/memory.reads.js";
import { NotificationReads } from "../notifications/notification.reads.js";
import { RelationshipReads } from "../relationships/relationship.reads.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import { UserReads } from "../users/user.reads.js";

export type { AccessPageFacts, PersonTimelineScope } from "../timelines/timeline.reads.js";
export type { Asker, UserCriteria } from "../users/user.reads.js";
export type { WebTimelines } from "../relationships/relationship.reads.js";

/**
 * The access-aware read layer (docs/decisions/003-privacy-tiers.md, "Enforcement"): every read of
 * timelines, memories, media_files, notifications, relationships and users takes the viewer and
 * applies the policy. Services and DataLoaders read through it and nothing else;
 * `server/test/architecture/read-layer.test.ts` fails when code outside this folder reads those
 * tables. Stateless: one per service is as good as one per app.
 */
export class Reads {
  readonly timelines: TimelineReads;
  readonly memories: MemoryReads;
  readonly media: MediaReads;
  readonly notifications: NotificationReads;
  readonly relationships: RelationshipReads;
  readonly users: UserReads;

  constructor(ds: DataSource) {
    this.timelines = new TimelineReads(ds);
    this.memories = new MemoryReads(ds, this.timelines);
    this.media = new MediaReads(ds);
    this.notifications = new NotificationReads(ds);
    this.relationships = new RelationshipReads(this.timelines, this.memories);
    this.users = new UserReads(ds);
  }
}
