import type { DataSource } from "typeorm";
import type { Asker } from "../access/access.service.js";

/** An invite link as stored: only the hash of its token (docs/decisions/055-reminders-invite-links-and-new-marks.md). */
export interface InviteLinkRow {
  timelineId: string;
  expiresAt: Date;
  usedAt: Date | null;
  usedById: string | null;
}

/**
 * The reads of opening an invite link. The link's holder may not see the proposal (a third person
 * must not), so the one fact read about the timeline is whether the asker is its invited person:
 * a yes or no for them, never a row (docs/decisions/055-reminders-invite-links-and-new-marks.md).
 */
export class InviteLinkReads {
  constructor(private readonly ds: DataSource) {}

  async byTokenHash(_asker: Asker, tokenHash: string): Promise<InviteLinkRow | null> {
    const [row] = (await this.ds.query(
      `SELECT timeline_id, expires_at, used_at, used_by_id FROM timeline_invite_links WHERE token_hash = $1`,
      [tokenHash],
    )) as { timeline_id: string; expires_at: Date; used_at: Date | null; used_by_id: string | null }[];
    return row
      ? {
          timelineId: row.timeline_id,
          expiresAt: new Date(row.expires_at),
          usedAt: row.used_at ? new Date(row.used_at) : null,
          usedById: row.used_by_id,
        }
      : null;
  }

  /** null: no such timeline; otherwise whether the asker is the account the proposal is for. */
  async isInvitedPerson(asker: Asker, timelineId: string): Promise<boolean | null> {
    const [row] = (await this.ds.query(`SELECT collaborator_id FROM timelines WHERE id = $1`, [timelineId])) as {
      collaborator_id: string | null;
    }[];
    if (!row) return null;
    return !!asker.userId && row.collaborator_id === asker.userId;
  }
}
