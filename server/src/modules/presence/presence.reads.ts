import type { DataSource } from "typeorm";
import type { Asker, Viewer } from "../access/access.service.js";

/** A timeline's new memories by one person, for a digest line. */
export interface NewMemories {
  timelineId: string;
  timelineTitle: string;
  actorId: string;
  actorName: string;
  count: number;
}

/**
 * What push notes and digests may name, read for the person they go to
 * (docs/decisions/035-presence.md): names of people, titles of timelines the person can see, and
 * what is new in the person's own timelines.
 */
export class PresenceReads {
  constructor(private readonly ds: DataSource) {}

  /** Display names of `actorIds` and titles of those of `timelineIds` the viewer can see. */
  async namesFor(
    viewer: Viewer,
    actorIds: readonly string[],
    timelineIds: readonly string[],
  ): Promise<{ people: Map<string, string>; titles: Map<string, string> }> {
    if (!viewer.userId) return { people: new Map(), titles: new Map() };
    const seen = [...(await viewer.visibleTimelineIds([...timelineIds]))];
    const [people, titles] = await Promise.all([
      this.ds.query(`SELECT "id", "display_name" AS "name" FROM "users" WHERE "id" = ANY($1::uuid[])`, [actorIds]),
      this.ds.query(`SELECT "id", "title" AS "name" FROM "timelines" WHERE "id" = ANY($1::uuid[])`, [seen]),
    ]);
    const asMap = (rows: { id: string; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
    return { people: asMap(people as never), titles: asMap(titles as never) };
  }

  /**
   * Memories added since `since` by the other participant to the asker's own accepted timelines,
   * counted per timeline and person, busiest first.
   */
  async newInOwnTimelines(asker: Asker, since: Date, until: Date): Promise<NewMemories[]> {
    if (!asker.userId) return [];
    const rows = (await this.ds.query(
      `SELECT t."id" AS "timelineId", t."title" AS "timelineTitle", m."created_by_id" AS "actorId",
              u."display_name" AS "actorName", count(*)::int AS "count"
       FROM "memories" m
       JOIN "timelines" t ON t."id" = m."timeline_id"
       JOIN "users" u ON u."id" = m."created_by_id"
       WHERE (t."created_by_id" = $1 OR t."collaborator_id" = $1) AND t."status" = 'accepted'
         AND m."created_by_id" <> $1 AND m."created_at" > $2 AND m."created_at" <= $3
       GROUP BY t."id", t."title", m."created_by_id", u."display_name"
       ORDER BY count(*) DESC, t."title"`,
      [asker.userId, since, until],
    )) as NewMemories[];
    return rows;
  }

  /** The asker's own address and name (where their digest goes), or null when the account is gone. */
  async address(asker: Asker): Promise<{ email: string; name: string } | null> {
    if (!asker.userId) return null;
    const [row] = (await this.ds.query(`SELECT "email", "display_name" AS "name" FROM "users" WHERE "id" = $1`, [
      asker.userId,
    ])) as { email: string; name: string }[];
    return row ?? null;
  }
}
