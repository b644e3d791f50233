import type { EntityManager } from "typeorm";
import { queryRows } from "../../db/query-rows.js";
import { clipText } from "../../lib/text-rules.js";
import { Notification } from "../../entities/notification.entity.js";
import { NotificationType } from "../../entities/notification.enums.js";
import type { User } from "../../entities/user.entity.js";

/**
 * Timelines proposed to an address before it had an account wait with collaborator_id null
 * (docs/decisions/007-notifications.md). At sign-in they are attached to the account and each pending one gets its
 * `timeline_proposal` notification. Idempotent: only rows still unclaimed are touched, so it runs
 * on every sign-in (which also catches an invitation that raced the account's creation).
 * Runs inside the caller's transaction. Returns the ids of the timelines claimed.
 */
export async function claimPendingInvitations(
  manager: EntityManager,
  user: Pick<User, "id" | "email">,
): Promise<string[]> {
  const rows = await queryRows<{
    id: string;
    title: string;
    status: string;
    created_by_id: string;
    creator_name: string;
  }>(
    manager,
    `UPDATE "timelines" t
        SET "collaborator_id" = $1, "updated_at" = now()
       FROM "users" u
      WHERE u."id" = t."created_by_id"
        AND t."collaborator_id" IS NULL
        AND lower(t."collaborator_email") = $2
        AND t."created_by_id" <> $1
  RETURNING t."id", t."title", t."status", t."created_by_id", u."display_name" AS creator_name`,
    [user.id, user.email],
  );

  const proposals = rows.filter((r) => r.status === "pending");
  if (proposals.length) {
    await manager.getRepository(Notification).insert(
      proposals.map((t) => ({
        recipientId: user.id,
        type: NotificationType.TIMELINE_PROPOSAL,
        message: clipText(`${t.creator_name} invited you to share the timeline "${t.title}"`, 500),
        relatedUserId: t.created_by_id,
        relatedTimelineId: t.id,
        actionUrl: "/app/updates",
      })),
    );
  }
  return rows.map((r) => r.id);
}
