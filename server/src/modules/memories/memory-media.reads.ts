import type { DataSource, EntityManager } from "typeorm";
import { MediaFile } from "../../entities/media-file.entity.js";
import { isUuid, type Asker } from "../access/access.service.js";

/**
 * Reads of `memory_media`, a memory's photos and videos in order
 * (docs/decisions/051-several-photos-per-memory.md). Only for memories that already passed the
 * policy (the same as a memory's cover through `mediaById`): the rows carry no bytes, and every
 * byte is checked again by the `/media` route when its signed URL is fetched.
 */
export class MemoryMediaReads {
  constructor(private readonly ds: DataSource) {}

  /** Each memory's media ids in order, in one statement (the `mediaIdsByMemoryId` loader). */
  async idsOfMemories(asker: Asker, memoryIds: readonly string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const ids = [...new Set(memoryIds.filter(isUuid))];
    if (!asker.userId || !ids.length) return out;
    const rows = (await this.ds.query(
      `SELECT memory_id, media_file_id FROM memory_media WHERE memory_id = ANY($1::uuid[]) ORDER BY memory_id, position`,
      [ids],
    )) as Array<{ memory_id: string; media_file_id: string }>;
    for (const r of rows) out.set(r.memory_id, [...(out.get(r.memory_id) ?? []), r.media_file_id]);
    return out;
  }

  /** The ids of a memory's media in order, read in a write's transaction (`manager`). */
  async idsOf(asker: Asker, memoryId: string, manager: EntityManager = this.ds.manager): Promise<string[]> {
    if (!asker.userId || !isUuid(memoryId)) return [];
    const rows = (await manager.query(`SELECT media_file_id FROM memory_media WHERE memory_id = $1 ORDER BY position`, [
      memoryId,
    ])) as Array<{ media_file_id: string }>;
    return rows.map((r) => r.media_file_id);
  }

  /** The asker's own uploads among `ids` that nothing uses yet. */
  async ownUnattached(asker: Asker, ids: readonly string[], manager: EntityManager = this.ds.manager) {
    const valid = ids.filter(isUuid);
    if (!asker.userId || !valid.length) return [];
    return manager
      .getRepository(MediaFile)
      .createQueryBuilder("f")
      .where("f.id IN (:...ids)", { ids: valid })
      .andWhere("f.owner_id = :me AND f.attached = false", { me: asker.userId })
      .getMany();
  }

  /** The media rows of these ids (a memory's own items, already known to the asker). */
  async byIds(asker: Asker, ids: readonly string[], manager: EntityManager = this.ds.manager): Promise<MediaFile[]> {
    const valid = ids.filter(isUuid);
    if (!asker.userId || !valid.length) return [];
    return manager
      .getRepository(MediaFile)
      .createQueryBuilder("f")
      .where("f.id IN (:...ids)", { ids: valid })
      .getMany();
  }
}
