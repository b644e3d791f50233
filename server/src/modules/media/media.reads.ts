import { In, type DataSource, type EntityManager } from "typeorm";
import { MediaFile } from "../../entities/media-file.entity.js";
import type { Memory } from "../../entities/memory.entity.js";
import { User } from "../../entities/user.entity.js";
import { isUuid, type Asker } from "../access/access.service.js";
import { mayViewMemoryTier, memoryFloors, type MemoryTierViewer } from "../access/memory-tiers.js";

/**
 * What serving media asks of the caller: who they are, which timelines they may see, and which
 * memory tiers in them (docs/decisions/052-memory-privacy.md).
 */
export type MediaViewer = MemoryTierViewer;

/**
 * Reads of `media_files` (docs/decisions/004-media-pipeline.md): an unattached upload is its
 * owner's alone; each media of a memory is visible with the memory (its effective tier); a profile photo to
 * any signed-in person.
 */
export class MediaReads {
  constructor(private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(MediaFile);
  }

  /**
   * Rows by id for signed-in askers, in one statement. Only for relations of rows that already
   * passed the policy (a memory's media, a profile photo): the row carries no bytes, and every
   * byte is checked again by `servable` when its signed URL is fetched.
   */
  byIds(asker: Asker, ids: readonly string[]): Promise<MediaFile[]> {
    const valid = ids.filter(isUuid);
    if (!asker.userId || !valid.length) return Promise.resolve([]);
    return this.repo.findBy({ id: In(valid) });
  }

  /**
   * The bytes the asker's own media takes (originals and variants, `stored_bytes`), for the
   * storage quota; `manager` lets an upload's transaction read it under its quota lock.
   */
  async storedBytes(asker: Asker, manager: EntityManager = this.ds.manager): Promise<number> {
    if (!asker.userId) return 0;
    const rows = (await manager.query(
      `SELECT COALESCE(SUM(stored_bytes), 0)::bigint AS used FROM media_files WHERE owner_id = $1`,
      [asker.userId],
    )) as Array<{ used: string }>;
    return Number(rows[0]?.used ?? 0);
  }

  /**
   * A memory of the timeline whose media has these bytes (`sha256`, hex), or null. Only within a
   * timeline the asker is one of the two people of (docs/decisions/050-trip-uploads.md): for anyone
   * else the answer is null, whatever the bytes.
   */
  async memoryWithBytes(
    asker: Asker,
    timelineId: string,
    sha256: string,
    manager: EntityManager = this.ds.manager,
  ): Promise<string | null> {
    if (!asker.userId) return null;
    const rows = (await manager.query(
      `SELECT m.id FROM memories m
         JOIN memory_media mm ON mm.memory_id = m.id
         JOIN media_files f ON f.id = mm.media_file_id
         JOIN timelines t ON t.id = m.timeline_id
        WHERE m.timeline_id = $1 AND f.sha256 = $2 AND (t.created_by_id = $3 OR t.collaborator_id = $3)
        ORDER BY m.created_at, m.id LIMIT 1`,
      [timelineId, sha256, asker.userId],
    )) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }

  /** One of the asker's own uploads (attached or not). */
  async own(asker: Asker, id: string): Promise<MediaFile | null> {
    if (!asker.userId || !isUuid(id)) return null;
    return this.repo.findOneBy({ id, ownerId: asker.userId });
  }

  /** One of the asker's own uploads not used by anything yet. */
  async ownUnattached(asker: Asker, id: string): Promise<MediaFile | null> {
    if (!asker.userId || !isUuid(id)) return null;
    return this.repo.findOneBy({ id, ownerId: asker.userId, attached: false });
  }

  /**
   * The row whose bytes the viewer asked for, when they may have them (the `/media` check,
   * on every request): unattached → its owner only; any media of a memory → the viewer may see
   * one of its timelines; a profile photo → any signed-in person. Otherwise null.
   */
  async servable(viewer: MediaViewer, id: string): Promise<MediaFile | null> {
    if (!viewer.userId || !isUuid(id)) return null;
    const media = await this.repo.findOneBy({ id });
    if (!media) return null;
    return (await this.mayServe(viewer, media)) ? media : null;
  }

  private async mayServe(viewer: MediaViewer, media: MediaFile): Promise<boolean> {
    if (!media.attached) return media.ownerId === viewer.userId;
    // any of a memory's media, not only its cover (docs/decisions/051-several-photos-per-memory.md)
    const memories = (await this.ds.query(
      `SELECT m.timeline_id AS "timelineId", m.privacy FROM memory_media mm JOIN memories m ON m.id = mm.memory_id
        WHERE mm.media_file_id = $1`,
      [media.id],
    )) as Array<Pick<Memory, "timelineId" | "privacy">>;
    if (memories.length) {
      // a memory's bytes follow its effective tier, the narrower of its own and its timeline's
      const floors = await memoryFloors(viewer, [...new Set(memories.map((m) => m.timelineId))]);
      if (memories.some((m) => mayViewMemoryTier(floors.get(m.timelineId), m.privacy))) return true;
    }
    return this.ds.getRepository(User).exists({ where: { profilePhotoId: media.id } });
  }
}
