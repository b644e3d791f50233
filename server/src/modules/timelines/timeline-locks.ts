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
