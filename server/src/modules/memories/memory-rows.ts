import type { DataSource } from "typeorm";
import { afterSql, orderSql, type KeysetOrder, type KeyValue } from "../../db/keyset.js";
import { MediaFile } from "../../entities/media-file.entity.js";
import { Memory } from "../../entities/memory.entity.js";
import { User } from "../../entities/user.entity.js";
import type { Viewer } from "../access/access.service.js";
import { preparedRows } from "../../db/prepared.js";
import { rowShape } from "../../db/plain-rows.js";
import { memoryVisibleSql, type MemoryFloor } from "../access/memory-tiers.js";

/**
 * Memories with their cover, the ids of all their media and their author in ONE statement, as plain rows
 * (docs/decisions/028-fast-graphql-path.md). Used only by `MemoryReads`, for timelines the
 * viewer may see; the media and authors prime the request's loaders.
 */
export class MemoryRows {
  constructor(private readonly ds: DataSource) {}

  /**
   * The memories of these timelines after a key, in the order, at most `perTimeline` of each and
   * `total` in all: a LATERAL keyset read per timeline, answered by the timeline order indexes
   * (docs/decisions/024-paged-reads.md), joined to media_files and users by primary key. Each
   * timeline comes with the viewer's floor (`access/memory-tiers.ts`): a memory narrower than the
   * viewer may see is not read.
   */
  async keysetRead(
    viewer: Viewer,
    timelineIds: readonly string[],
    floors: readonly MemoryFloor[],
    order: KeysetOrder<Memory>,
    after: KeyValue[] | null,
    perTimeline: number,
    total?: number,
  ): Promise<Memory[]> {
    const m = rowShape(this.ds, Memory, "m");
    const f = rowShape(this.ds, MediaFile, "f");
    const u = rowShape(this.ds, User, "u");
    const params: unknown[] = [[...timelineIds], perTimeline, ...(after ?? [])];
    const cond = after ? `AND ${afterSql(order, "x", (i) => `$${i + 3}`)}` : "";
    params.push([...floors]);
    const floorParam = `$${params.length}`;
    if (total !== undefined) params.push(total);
    const rows = await preparedRows(
      this.ds,
      `SELECT ${m.select}, ${f.select}, ${u.select},
              ARRAY(SELECT mm.media_file_id FROM memory_media mm WHERE mm.memory_id = m.id ORDER BY mm.position)
                AS "mm_ids"
         FROM unnest(CAST($1 AS uuid[]), CAST(${floorParam} AS int[])) AS tl(id, floor)
        CROSS JOIN LATERAL (SELECT x.* FROM memories x
                             WHERE x.timeline_id = tl.id AND ${memoryVisibleSql("x", "tl.floor")} ${cond}
                             ORDER BY ${orderSql(order, "x")} LIMIT $2) m
         JOIN media_files f ON f.id = m.media_id
         JOIN users u ON u.id = m.created_by_id
        ${total !== undefined ? `ORDER BY ${orderSql(order, "m")} LIMIT $${params.length}` : ""}`,
      params,
    );
    const { mediaById, mediaIdsByMemoryId, userById } = viewer.loaders;
    const authors = new Set<string>();
    const out: Memory[] = [];
    for (const row of rows) {
      const media = f.from(row)!;
      mediaById.prime(media.id, media);
      // an author of many memories is built once (the rows repeat them)
      const authorId = u.idOf(row)!;
      if (!authors.has(authorId)) userById.prime(authorId, u.from(row)!);
      authors.add(authorId);
      const memory = m.from(row)!;
      // the order of its photos and videos (docs/decisions/051-several-photos-per-memory.md)
      mediaIdsByMemoryId.prime(memory.id, row.mm_ids as string[]);
      out.push(memory);
    }
    return out;
  }
}
