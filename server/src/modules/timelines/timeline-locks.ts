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

/** The facts a change of tier decides on, read under the timeline's row lock. */
export interface PrivacyFacts {
  id: string;
  title: string;
  status: string;
  privacy: string;
  createdById: string;
  collaboratorId: string | null;
  pendingPrivacy: string | null;
  privacyRequestedById: string | null;
}

/**
 * Changing a timeline's tier or answering a request to widen it: locks the row and reads what the
 * rule needs, so two answers or a request and a narrowing cannot cross
 * (docs/decisions/026-two-keys-privacy.md).
 */
export async function lockTimelineForPrivacyChange(m: EntityManager, timelineId: string): Promise<PrivacyFacts | null> {
  const rows = (await m.query(
    `SELECT id, title, status, privacy, created_by_id AS "createdById", collaborator_id AS "collaboratorId",
            pending_privacy AS "pendingPrivacy", privacy_requested_by_id AS "privacyRequestedById"
       FROM timelines WHERE id = $1 FOR UPDATE`,
    [timelineId],
  )) as PrivacyFacts[];
  return rows[0] ?? null;
}

/** The facts a change of a memory's tier decides on (docs/decisions/052-memory-privacy.md). */
export interface MemoryPrivacyFacts {
  id: string;
  timelineId: string;
  title: string;
  status: string;
  timelinePrivacy: string;
  createdById: string;
  collaboratorId: string | null;
  privacy: string | null;
  pendingPrivacy: string | null;
  privacyRequestedById: string | null;
}

/**
 * Changing a memory's tier or answering a request to widen it: locks the timeline's row (so a
 * change of the timeline's tier cannot cross it) and the memory's, and reads what the rule needs.
 */
export async function lockMemoryForPrivacyChange(
  m: EntityManager,
  memoryId: string,
): Promise<MemoryPrivacyFacts | null> {
  const rows = (await m.query(
    `SELECT x.id, x.timeline_id AS "timelineId", t.title, t.status, t.privacy AS "timelinePrivacy",
            t.created_by_id AS "createdById", t.collaborator_id AS "collaboratorId", x.privacy,
            x.pending_privacy AS "pendingPrivacy", x.privacy_requested_by_id AS "privacyRequestedById"
       FROM memories x JOIN timelines t ON t.id = x.timeline_id WHERE x.id = $1 FOR UPDATE OF t, x`,
    [memoryId],
  )) as MemoryPrivacyFacts[];
  return rows[0] ?? null;
}

/**
 * The timeline's tier changed (docs/decisions/052-memory-privacy.md): no memory stays wider than
 * it, and a request to widen a memory beyond it is dropped (its notice closed as cancelled), so
 * "never wider than its timeline" holds in the rows. Returns the ids of the dropped requests' memories.
 */
export async function narrowMemoriesToTimeline(m: EntityManager, timelineId: string, tier: string): Promise<string[]> {
  await m.query(
    `UPDATE memories SET privacy = $2::timeline_privacy WHERE timeline_id = $1 AND privacy > $2::timeline_privacy`,
    [timelineId, tier],
  );
  const dropped = (await m.query(
    `UPDATE memories SET pending_privacy = NULL, privacy_requested_by_id = NULL, privacy_requested_at = NULL
      WHERE timeline_id = $1 AND pending_privacy > $2::timeline_privacy RETURNING id`,
    [timelineId, tier],
  )) as [Array<{ id: string }>, number] | Array<{ id: string }>;
  const list = Array.isArray(dropped[0]) ? (dropped[0] as Array<{ id: string }>) : (dropped as Array<{ id: string }>);
  return list.map((r) => r.id);
}
