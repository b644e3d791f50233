import type { DataSource, EntityManager } from "typeorm";
import { MediaFile } from "../../entities/media-file.entity.js";
import { Memory } from "../../entities/memory.entity.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { User } from "../../entities/user.entity.js";
import { personInTimeline } from "../access/person-timelines.js";
import type { Asker } from "../access/access.service.js";

/** Timelines that are the asker's own: created by them (any status) or joined (not declined). */
const OWN_TIMELINES = `(t.created_by_id = :uid OR (t.collaborator_id = :uid AND t.status <> 'rejected'))`;

/** What an account deletion must change or remove, read inside its transaction. */
export interface DeletionPlan {
  /** Every timeline the person is a participant of, in any status. */
  timelines: Timeline[];
  /** Media rows to remove with their files: the person's own uploads, and the media of every memory of a timeline that goes. */
  media: MediaFile[];
}

/**
 * Reads for "Your data, yours to take" and "Leaving cleanly" (docs/decisions/023-export-and-deletion.md):
 * only the asker's own account, their own timelines and everything in them. Nothing here is answered
 * for anyone but the signed-in person themselves.
 */
export class AccountReads {
  constructor(private readonly ds: DataSource) {}

  /** The asker's own timelines, oldest first. */
  ownTimelines(asker: Asker): Promise<Timeline[]> {
    if (!asker.userId) return Promise.resolve([]);
    return this.ds
      .getRepository(Timeline)
      .createQueryBuilder("t")
      .where(OWN_TIMELINES, { uid: asker.userId })
      .orderBy("t.created_at", "ASC")
      .addOrderBy("t.id", "ASC")
      .getMany();
  }

  /** Every memory of the asker's own timelines (theirs and the other participant's), by timeline and date. */
  memoriesOfOwnTimelines(asker: Asker): Promise<Memory[]> {
    if (!asker.userId) return Promise.resolve([]);
    return this.ds
      .getRepository(Memory)
      .createQueryBuilder("m")
      .innerJoin(Timeline, "t", "t.id = m.timeline_id")
      .where(OWN_TIMELINES, { uid: asker.userId })
      .orderBy("m.timeline_id", "ASC")
      .addOrderBy("m.memory_date", "ASC", "NULLS FIRST")
      .addOrderBy("m.position", "ASC")
      .getMany();
  }

  /** The media rows of the memories of the asker's own timelines. */
  mediaOfOwnTimelines(asker: Asker): Promise<MediaFile[]> {
    if (!asker.userId) return Promise.resolve([]);
    return (
      this.ds
        .getRepository(MediaFile)
        .createQueryBuilder("f")
        // every photo and video of each memory (docs/decisions/051-several-photos-per-memory.md)
        .innerJoin("memory_media", "mm", "mm.media_file_id = f.id")
        .innerJoin(Memory, "m", "m.id = mm.memory_id")
        .innerJoin(Timeline, "t", "t.id = m.timeline_id")
        .where(OWN_TIMELINES, { uid: asker.userId })
        .getMany()
    );
  }

  /** Each memory's media ids in order, for the memories of the asker's own timelines. */
  async mediaItemsOfOwnTimelines(asker: Asker): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    if (!asker.userId) return out;
    const rows = (await this.ds.query(
      `SELECT mm.memory_id, mm.media_file_id FROM memory_media mm
         JOIN memories m ON m.id = mm.memory_id JOIN timelines t ON t.id = m.timeline_id
        WHERE t.created_by_id = $1 OR (t.collaborator_id = $1 AND t.status <> 'rejected')
        ORDER BY mm.memory_id, mm.position`,
      [asker.userId],
    )) as Array<{ memory_id: string; media_file_id: string }>;
    for (const r of rows) out.set(r.memory_id, [...(out.get(r.memory_id) ?? []), r.media_file_id]);
    return out;
  }

  /** The other participants of the asker's own timelines (names for the export; no e-mail is read out). */
  partnersOfOwnTimelines(asker: Asker): Promise<User[]> {
    if (!asker.userId) return Promise.resolve([]);
    return this.ds
      .getRepository(User)
      .createQueryBuilder("u")
      .innerJoin(Timeline, "t", "u.id = t.created_by_id OR u.id = t.collaborator_id")
      .where(OWN_TIMELINES, { uid: asker.userId })
      .andWhere("u.id <> :uid", { uid: asker.userId })
      .getMany();
  }

  /**
   * What deleting the asker's account touches, read under row locks in the deletion's transaction:
   * their timelines, and the media rows (with storage keys) that go with them.
   */
  async deletionPlan(asker: Asker, m: EntityManager): Promise<DeletionPlan> {
    if (!asker.userId) return { timelines: [], media: [] };
    const timelines = await m
      .getRepository(Timeline)
      .createQueryBuilder("t")
      .where(personInTimeline("t", ":uid"), { uid: asker.userId })
      .setLock("pessimistic_write")
      .getMany();
    const media = await m
      .getRepository(MediaFile)
      .createQueryBuilder("f")
      .where("f.owner_id = :uid", { uid: asker.userId })
      .orWhere(
        `f.id IN (SELECT mm.media_file_id FROM memory_media mm JOIN memories m ON m.id = mm.memory_id
           JOIN timelines t ON t.id = m.timeline_id
           WHERE t.created_by_id = :uid AND t.status <> 'accepted')`,
        { uid: asker.userId },
      )
      // the other person's photos in the memories the person made go with those memories
      .orWhere(
        `f.id IN (SELECT mm.media_file_id FROM memory_media mm JOIN memories m ON m.id = mm.memory_id
           WHERE m.created_by_id = :uid)`,
        { uid: asker.userId },
      )
      .getMany();
    return { timelines, media };
  }
}
