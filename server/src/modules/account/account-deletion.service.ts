import type { DataSource, EntityManager } from "typeorm";
import type { Clock } from "../../lib/clock.js";
import { badInput, unauthenticated } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { Storage } from "../../lib/storage.js";
import { clipText } from "../../lib/text-rules.js";
import { AccountReads } from "./account.reads.js";
import { UserReads } from "../users/user.reads.js";
import type { Viewer } from "../access/access.service.js";
import type { MediaFile } from "../../entities/media-file.entity.js";
import { Notification } from "../../entities/notification.entity.js";
import { NotificationType } from "../../entities/notification.enums.js";
import { REFRESH_PREVIEWS_SQL } from "../memories/memory.service.js";
import { removeMemoryItems, renumberMemoryItems } from "../memories/memory-media.service.js";
import type { NotificationService } from "../notifications/notification.service.js";
import { TimelineStatus } from "../../entities/timeline.enums.js";
import type { Timeline } from "../../entities/timeline.entity.js";

/** The word a person types to confirm (docs/decisions/023-export-and-deletion.md). */
export const DELETE_CONFIRMATION = "DELETE";
export const CONFIRM_MESSAGE = 'To delete your account, type DELETE (in capitals) to confirm: {"confirm": "DELETE"}';

export interface AccountDeletionDeps {
  ds: DataSource;
  /** the notices that name the person are written again without their name; their proposals are withdrawn */
  notifications: Pick<NotificationService, "forget" | "proposalWithdrawn">;
  clock: Clock;
  logger: Logger;
  storage: Storage;
}

/** What a deletion did, for the log and the tests (no personal data). */
export interface DeletionSummary {
  timelinesRemoved: number;
  timelinesKept: number;
  mediaRemoved: number;
  filesRemoved: number;
}

/** Every stored key of a media row (the original and each variant). */
function keysOf(rows: MediaFile[]): string[] {
  const keys = new Set<string>();
  for (const r of rows) {
    keys.add(r.originalKey);
    for (const k of Object.values(r.variants ?? {})) if (k) keys.add(k);
  }
  return [...keys];
}

const leftMessage = (title: string) =>
  clipText(`The other member of "${title}" deleted their account. The timeline and your memories stay with you.`, 500);

/**
 * "Leaving cleanly" (docs/decisions/023-export-and-deletion.md): one transaction removes the
 * person's rows, then their stored files go through the storage interface; the answer waits for
 * both. Shared (accepted) timelines stay with the other participant, who becomes their creator,
 * with `former_member` set; every other timeline the person created goes with everything in it.
 */
export class AccountDeletionService {
  private readonly reads: AccountReads;
  private readonly users: UserReads;

  constructor(private readonly deps: AccountDeletionDeps) {
    this.reads = new AccountReads(deps.ds);
    this.users = new UserReads(deps.ds);
  }

  /** Throws BAD_USER_INPUT unless `confirm` is exactly "DELETE". */
  static checkConfirmation(confirm: unknown): void {
    if (confirm !== DELETE_CONFIRMATION) throw badInput(CONFIRM_MESSAGE, { field: "confirm" });
  }

  async deleteAccount(viewer: Viewer, confirm: unknown): Promise<DeletionSummary> {
    const userId = viewer.userId;
    if (!userId) throw unauthenticated();
    AccountDeletionService.checkConfirmation(confirm);
    const asker = { userId };
    const { media, summary } = await this.deps.ds.transaction(async (m) => {
      const user = await this.users.self(asker);
      if (!user) throw unauthenticated();
      const plan = await this.reads.deletionPlan(asker, m);
      // their words leave with them: the partner notes they wrote on the other person's memories,
      // and the notices those notes sent (docs/decisions/027-two-voices.md)
      await m.query(
        `UPDATE memories SET partner_meaning = NULL
          WHERE timeline_id = ANY($2::uuid[]) AND created_by_id <> $1 AND partner_meaning IS NOT NULL`,
        [userId, plan.timelines.map((t) => t.id)],
      );
      await m.query(`DELETE FROM notifications WHERE type = 'partner_note_added' AND related_user_id = $1`, [userId]);
      await this.deps.notifications.forget(m, asker);
      for (const t of plan.timelines) {
        if (t.createdById === userId && t.status === TimelineStatus.PENDING)
          await this.deps.notifications.proposalWithdrawn(t, null, m);
      }
      const kept = await this.handOver(m, userId, plan.timelines);
      const removed = plan.timelines.length - kept;
      const mediaIds = plan.media.map((f) => f.id);

      // memories first (media_files is RESTRICTed by memories.media_id and memory_media): the
      // person's photos leave the other person's memories, and a memory left with none goes
      // (docs/decisions/051-several-photos-per-memory.md)
      const touched = await removeMemoryItems(m, mediaIds);
      await m.query(
        `DELETE FROM memories m WHERE m.created_by_id = $1
            OR (m.media_id = ANY($2::uuid[]) AND NOT EXISTS (SELECT 1 FROM memory_media mm WHERE mm.memory_id = m.id))`,
        [userId, mediaIds],
      );
      await renumberMemoryItems(m, touched);
      await m.query(`DELETE FROM timelines WHERE created_by_id = $1`, [userId]);
      await m.query(`UPDATE users SET profile_photo_id = NULL WHERE id = $1`, [userId]);
      await m.query(`DELETE FROM media_files WHERE id = ANY($1::uuid[]) OR owner_id = $2`, [mediaIds, userId]);
      await m.query(`DELETE FROM notifications WHERE recipient_id = $1`, [userId]);
      await m.query(`UPDATE notifications SET related_user_id = NULL WHERE related_user_id = $1`, [userId]);
      await m.query(`DELETE FROM sign_in_tokens WHERE email = $1`, [user.email]);
      // rate-limiter-flexible keys are "<rule>:<key>"; per-account rules use the user id as the key
      await m.query(`DELETE FROM rate_limits WHERE key LIKE '%:' || $1`, [userId]);
      // every session of the person, in every browser (express-session rows, docs/decisions/002-sign-in-safety.md)
      await m.query(`DELETE FROM session WHERE sess->>'userId' = $1`, [userId]);
      await m.query(`DELETE FROM users WHERE id = $1`, [userId]);
      await this.refreshPreviews(m, plan.timelines, userId);
      return {
        media: plan.media,
        summary: { timelinesRemoved: removed, timelinesKept: kept, mediaRemoved: plan.media.length, filesRemoved: 0 },
      };
    });
    const keys = keysOf(media);
    await this.removeFiles(keys);
    summary.filesRemoved = keys.length;
    this.deps.logger.info({ event: "account_deleted", ...summary }, "account deleted");
    return summary;
  }

  /**
   * Shared timelines (accepted once) stay with the other participant: they become the creator if
   * the person created it, the collaborator slot is emptied (its address too, so a new account on
   * that address never claims it) and `former_member` is set; the other person is told. A pending
   * or declined proposal someone else made to the person stays with its creator, declined.
   * Returns how many timelines are kept.
   */
  private async handOver(m: EntityManager, userId: string, timelines: Timeline[]): Promise<number> {
    const now = this.deps.clock.now();
    let kept = 0;
    const notices: Partial<Notification>[] = [];
    for (const t of timelines) {
      const shared = t.status === TimelineStatus.ACCEPTED && !!t.collaboratorId;
      const otherId = t.createdById === userId ? t.collaboratorId : t.createdById;
      if (t.createdById === userId && !shared) continue; // goes with the account
      if (!otherId) continue;
      kept++;
      await m.query(
        `UPDATE timelines SET created_by_id = $2, collaborator_id = NULL, collaborator_email = '',
           collaborator_sealed = false, former_member = true, updated_at = now(),
           pending_privacy = NULL, privacy_requested_by_id = NULL, privacy_requested_at = NULL,
           status = CASE WHEN status = 'accepted' THEN status ELSE 'rejected'::timeline_status END
         WHERE id = $1`,
        [t.id, otherId],
      );
      // A request to widen has nobody left to answer it (docs/decisions/026-two-keys-privacy.md).
      await m.query(
        `UPDATE notifications SET resolution = 'cancelled', is_read = true
          WHERE related_timeline_id = $1 AND type = 'privacy_request' AND resolution IS NULL`,
        [t.id],
      );
      notices.push({
        recipientId: otherId,
        type: NotificationType.OTHER,
        message: leftMessage(t.title),
        relatedTimelineId: t.id,
        actionUrl: `/app/timelines/${t.id}`,
        createdAt: now,
      });
    }
    if (notices.length) await m.getRepository(Notification).insert(notices);
    return kept;
  }

  /** The previews of the timelines that stay no longer show the person's media. */
  private async refreshPreviews(m: EntityManager, timelines: Timeline[], userId: string): Promise<void> {
    for (const t of timelines) {
      if (t.createdById === userId && t.status !== TimelineStatus.ACCEPTED) continue;
      await m.query(REFRESH_PREVIEWS_SQL, [t.id]);
    }
  }

  /** Removes the files; one retry, then the failure is logged (the orphan sweeper removes files without a row). */
  private async removeFiles(keys: string[]): Promise<void> {
    if (!keys.length) return;
    try {
      await this.deps.storage.remove(keys);
    } catch {
      try {
        await this.deps.storage.remove(keys);
      } catch (err) {
        this.deps.logger.warn({ err }, "account deletion: files could not be removed; the sweeper will retry");
      }
    }
  }
}
