import type { DataSource } from "typeorm";
import { afterSql, orderSql, type KeyValue } from "../../db/keyset.js";
import { Timeline } from "../../entities/timeline.entity.js";
import { User } from "../../entities/user.entity.js";
import { isParticipant, type Viewer } from "../access/access.service.js";
import { preparedRows } from "../../db/prepared.js";
import { rowShape } from "../../db/plain-rows.js";

/** Equality filters of `GET /api/timelines/filter`, applied in SQL. */
export interface OwnTimelineFilter {
  status?: string;
  privacy?: string;
  isActive?: boolean;
  id?: string;
}

/**
 * For a list of the viewer's ($1) own timelines: the other participant, and whether the viewer
 * shares an accepted timeline with them (the e-mail rule, `Viewer.sharedPartners`), so the list's
 * e-mail fields need no further read.
 */
const OTHER = `CASE WHEN t.created_by_id = $1 THEN t.collaborator_id ELSE t.created_by_id END`;
const OTHER_IS_PARTNER = `, ${OTHER} AS other_id,
  EXISTS (SELECT 1 FROM timelines s WHERE s.status = 'accepted' AND s.collaborator_id IS NOT NULL
    AND ((s.created_by_id = $1 AND s.collaborator_id = ${OTHER})
      OR (s.collaborator_id = $1 AND s.created_by_id = ${OTHER}))) AS other_is_partner`;

/** Whether the viewer (`$v`) shares an accepted timeline with the person in `column` (the e-mail rule). */
const isPartner = (column: string, v: string) =>
  `EXISTS (SELECT 1 FROM timelines s WHERE s.status = 'accepted' AND s.collaborator_id IS NOT NULL
    AND ((s.created_by_id = ${v} AND s.collaborator_id = ${column})
      OR (s.collaborator_id = ${v} AND s.created_by_id = ${column})))`;

/** The count of memories read with each timeline row. */
const memoryCounts = new WeakMap<Timeline, number>();

/** The count of memories read with this timeline row, if it was read by `TimelineRows`. */
export function memoryCountOf(t: Timeline): number | undefined {
  return memoryCounts.get(t);
}

/**
 * Timelines with their two people in ONE statement, as plain rows (docs/decisions/028-fast-graphql-path.md).
 * Used only by `TimelineReads`, which applies the policy to what comes back; the people prime the
 * request's loaders, and each row's count of memories is kept for `memoryCountOf` (TimelineReads
 * primes it once the timeline passed the policy).
 */
export class TimelineRows {
  constructor(private readonly ds: DataSource) {}

  private shapes() {
    return {
      t: rowShape(this.ds, Timeline, "t"),
      cu: rowShape(this.ds, User, "cu"),
      co: rowShape(this.ds, User, "co"),
    };
  }

  private async read(viewer: Viewer, where: string, tail: string, params: unknown[], extra = ""): Promise<Timeline[]> {
    const { t, cu, co } = this.shapes();
    // the count of memories rides along (an index-only count): nearly every screen shows it
    const rows = await preparedRows(
      this.ds,
      `SELECT ${t.select}, ${cu.select}, ${co.select},
              (SELECT count(*) FROM memories m WHERE m.timeline_id = t.id) AS memory_count,
              EXISTS (SELECT 1 FROM memories m WHERE m.timeline_id = t.id AND m.privacy IS NOT NULL) AS has_own_tiers
              ${extra}
         FROM timelines t
         JOIN users cu ON cu.id = t.created_by_id LEFT JOIN users co ON co.id = t.collaborator_id
        WHERE ${where} ${tail}`,
      params,
    );
    const users = viewer.loaders.userById;
    const out: Timeline[] = [];
    for (const row of rows) {
      for (const u of [cu.from(row), co.from(row)]) if (u) users.prime(u.id, u);
      const timeline = t.from(row)!;
      // a memory with its own tier may be hidden from an onlooker (docs/decisions/052-memory-privacy.md):
      // then their count is the memory reads' (which apply the effective tier), not this one
      if (row.has_own_tiers !== true || isParticipant(viewer.userId, timeline))
        memoryCounts.set(timeline, Number(row.memory_count));
      if (row.other_id) viewer.notePartner(row.other_id as string, row.other_is_partner === true);
      if (row.cu_is_partner !== undefined) viewer.notePartner(timeline.createdById, row.cu_is_partner === true);
      if (row.co_is_partner !== undefined && timeline.collaboratorId)
        viewer.notePartner(timeline.collaboratorId, row.co_is_partner === true);
      out.push(timeline);
    }
    return out;
  }

  byId(viewer: Viewer, id: string): Promise<Timeline[]> {
    return this.read(viewer, "t.id = $1", "", [id]);
  }

  /**
   * These timelines by id, with whether the viewer shares an accepted timeline with each of the two
   * people (the e-mail rule), so presenting them needs no further read.
   */
  byIds(viewer: Viewer, viewerId: string, ids: readonly string[]): Promise<Timeline[]> {
    const partners = `, ${isPartner("t.created_by_id", "$2")} AS cu_is_partner,
      ${isPartner("t.collaborator_id", "$2")} AS co_is_partner`;
    return this.read(viewer, "t.id = ANY(CAST($1 AS uuid[]))", "", [[...ids], viewerId], partners);
  }

  /**
   * Of these timelines, a page in `order` after a key, at most `limit` (a person's visible
   * timelines); with whether the viewer shares an accepted timeline with each of the two people,
   * so the page's e-mail fields need no further read.
   */
  among(
    viewer: Viewer,
    viewerId: string,
    ids: readonly string[],
    order: Parameters<typeof orderSql>[0],
    after: KeyValue[] | null,
    limit: number,
  ): Promise<Timeline[]> {
    const params: unknown[] = [[...ids], limit, viewerId, ...(after ?? [])];
    const where = `t.id = ANY(CAST($1 AS uuid[]))${after ? ` AND ${afterSql(order, "t", (i) => `$${i + 4}`)}` : ""}`;
    const partners = `, ${isPartner("t.created_by_id", "$3")} AS cu_is_partner,
      ${isPartner("t.collaborator_id", "$3")} AS co_is_partner`;
    return this.read(viewer, where, `ORDER BY ${orderSql(order, "t")} LIMIT $2`, params, partners);
  }

  /**
   * The user's own timelines (creator or collaborator, declined left out) in `order`, after a
   * key, at most `limit`.
   */
  own(
    viewer: Viewer,
    userId: string,
    order: Parameters<typeof orderSql>[0],
    after: KeyValue[] | null,
    limit: number,
    filter: OwnTimelineFilter,
  ): Promise<Timeline[]> {
    const params: unknown[] = [userId];
    const where = ["(t.created_by_id = $1 OR t.collaborator_id = $1)", "t.status <> 'rejected'"];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (filter.status !== undefined) add((p) => `CAST(t.status AS text) = ${p}`, filter.status);
    if (filter.privacy !== undefined) add((p) => `CAST(t.privacy AS text) = ${p}`, filter.privacy);
    if (filter.isActive !== undefined) add((p) => `t.is_active = ${p}`, filter.isActive);
    if (filter.id !== undefined) add((p) => `t.id = CAST(${p} AS uuid)`, filter.id);
    if (after) {
      const base = params.length;
      params.push(...after);
      where.push(afterSql(order, "t", (i) => `$${base + i + 1}`));
    }
    params.push(limit);
    return this.read(
      viewer,
      where.join(" AND "),
      `ORDER BY ${orderSql(order, "t")} LIMIT $${params.length}`,
      params,
      OTHER_IS_PARTNER,
    );
  }
}
