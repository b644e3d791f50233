import { ALREADY_IN_TIMELINE } from "@keepsake/contract";
import type { DataSource, EntityManager } from "typeorm";
import type { MediaFile } from "../../entities/media-file.entity.js";
import { Memory } from "../../entities/memory.entity.js";
import { MemoryMedia } from "../../entities/memory-media.entity.js";
import { AppError } from "../../lib/errors.js";
import type { Viewer } from "../access/access.service.js";
import type { MediaPort } from "../media/media-port.js";
import { MemoryMediaReads } from "./memory-media.reads.js";
import { mediaListError } from "./memory-media.rules.js";

/**
 * The writes of a memory's photos and videos (docs/decisions/051-several-photos-per-memory.md),
 * used by MemoryService inside its transactions: the rows of `memory_media` in order and the cover
 * (`memories.media_id`, always position 0) changed together.
 */
export class MemoryMediaWrites {
  readonly reads: MemoryMediaReads;

  constructor(
    ds: DataSource,
    private readonly media: Pick<MediaPort, "duplicateIn" | "markAttached">,
  ) {
    this.reads = new MemoryMediaReads(ds);
  }

  /** The viewer's own unattached uploads for these ids, in their order; MEDIA_NOT_FOUND names the first missing. */
  async ownUnattached(viewer: Viewer, ids: readonly string[]): Promise<MediaFile[]> {
    const rows = await this.reads.ownUnattached(viewer, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) throw mediaListError("media_not_found", { media_id: missing });
    return ids.map((id) => byId.get(id)!);
  }

  /**
   * Refuses new media whose bytes are already in the timeline (409 with `duplicate_of`, that
   * memory's id), every item checked, and two items of one write with the same bytes.
   */
  async refuseDuplicates(viewer: Viewer, timelineId: string, rows: readonly MediaFile[], m: EntityManager) {
    const seen = new Set<string>();
    for (const row of rows) {
      if (row.sha256 && seen.has(row.sha256)) throw mediaListError("media_repeated");
      if (row.sha256) seen.add(row.sha256);
      const duplicateOf = await this.media.duplicateIn(viewer, timelineId, row, m);
      if (duplicateOf) throw new AppError("CONFLICT", ALREADY_IN_TIMELINE, { duplicate_of: duplicateOf });
    }
  }

  /**
   * Writes the memory's media in this order (the first its cover) and marks them attached. The
   * cover is written first: its row lock makes a concurrent write of the same memory's media wait
   * for this one, so the rows it then replaces are this one's.
   */
  async write(m: EntityManager, memoryId: string, ids: readonly string[]): Promise<void> {
    await m.getRepository(Memory).update({ id: memoryId }, { mediaId: ids[0]! });
    await m.getRepository(MemoryMedia).delete({ memoryId });
    await m
      .getRepository(MemoryMedia)
      .insert(ids.map((mediaFileId, position) => ({ memoryId, mediaFileId, position })));
    await this.media.markAttached([...ids], m);
  }
}
