import type { DataSource } from "typeorm";
import type { Memory } from "../../entities/memory.entity.js";
import { isUuid, type Asker, type Viewer } from "../access/access.service.js";
import type { MemoryReads } from "../memories/memory.reads.js";
import { ownTimelineSql } from "./highlight.rules.js";

/**
 * Reads of a person's highlights (docs/decisions/053-highlights.md). What a visitor sees goes
 * through the memory reads, which apply the policy to each memory for the viewer
 * (docs/decisions/003-privacy-tiers.md): highlights never decide a tier themselves.
 */
export class HighlightReads {
  constructor(
    private readonly ds: DataSource,
    private readonly memories: MemoryReads,
  ) {}

  /**
   * The memory ids a person features, in their order, whose memory is still in one of the person's
   * own timelines (a memory of a timeline they left, or were handed away from, is left out).
   */
  async storedIds(asker: Asker, ownerId: string): Promise<string[]> {
    if (!asker.userId || !isUuid(ownerId)) return [];
    const rows: { memory_id: string }[] = await this.ds.query(
      `SELECT h.memory_id FROM highlights h
         JOIN memories m ON m.id = h.memory_id
         JOIN timelines t ON t.id = m.timeline_id
        WHERE h.user_id = $1 AND ${ownTimelineSql("t", "$1")}
        ORDER BY h.position`,
      [ownerId],
    );
    return rows.map((r) => r.memory_id);
  }

  /** Of these memory ids, the ones in one of the asker's own timelines. */
  async ownMemoryIds(asker: Asker, memoryIds: readonly string[]): Promise<Set<string>> {
    const ids = memoryIds.filter(isUuid);
    if (!asker.userId || !ids.length) return new Set();
    const rows: { id: string }[] = await this.ds.query(
      `SELECT m.id FROM memories m JOIN timelines t ON t.id = m.timeline_id
        WHERE m.id = ANY($2::uuid[]) AND ${ownTimelineSql("t", "$1")}`,
      [asker.userId, ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** A person's highlights as the viewer may see them, in the person's order. */
  async ofPerson(viewer: Viewer, ownerId: string): Promise<Memory[]> {
    const ids = await this.storedIds(viewer, ownerId);
    const memories = await Promise.all(ids.map((id) => this.memories.visible(viewer, id)));
    return memories.filter((m): m is Memory => m !== null);
  }
}
