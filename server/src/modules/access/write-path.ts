import type { EntityManager } from "typeorm";

/**
 * Reads that belong to a write, inside its transaction, by a participant the service has already
 * checked through the read layer. Named for the one write each serves; never for showing rows.
 */

/**
 * Adding a memory: locks the timeline's row and counts its memories, so concurrent adds get
 * distinct positions (docs/decisions/003-privacy-tiers.md, "position = count + 1").
 */
export async function lockTimelineAndCountMemories(m: EntityManager, timelineId: string): Promise<number> {
  await m.query(`SELECT id FROM timelines WHERE id = $1 FOR UPDATE`, [timelineId]);
  const [row] = (await m.query(`SELECT count(*)::int AS n FROM memories WHERE timeline_id = $1`, [timelineId])) as {
    n: number;
  }[];
  return row?.n ?? 0;
}
