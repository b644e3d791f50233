import type { DataSource, EntityManager, QueryRunner } from "typeorm";
import type { Logger } from "../../lib/logger.js";

/** Something a person may be pushed about (docs/decisions/035-presence.md). */
export interface PushEvent {
  recipientId: string;
  kind: "memories" | "proposal" | "consent";
  timelineId: string;
  actorId: string;
}

/** How the notices tell push of an event, inside the event's own transaction. */
export interface PushEvents {
  record(m: EntityManager, event: PushEvent, at: Date): Promise<void>;
}

/**
 * Writes the event in the caller's transaction and, once that transaction has committed (a
 * TypeORM transaction subscriber), asks `dispatch` to look at the recipient's events: a rolled-back
 * event is never pushed, a committed one is looked at at once. A failed dispatch is logged; the
 * minute's tick looks again (push.job.ts).
 */
export function pushEvents(
  ds: DataSource,
  logger: Logger,
  dispatch: (recipientId: string) => Promise<void>,
): PushEvents {
  const waiting = new WeakMap<QueryRunner, Set<string>>();
  const run = (ids: Iterable<string>) =>
    Promise.all(
      [...ids].map((id) =>
        dispatch(id).catch((err: unknown) =>
          logger.warn({ err, event: "push.dispatch_failed" }, "push dispatch failed"),
        ),
      ),
    ).then(() => undefined);
  ds.subscribers.push({
    afterTransactionCommit({ queryRunner }) {
      const ids = waiting.get(queryRunner);
      if (!ids) return;
      waiting.delete(queryRunner);
      return run(ids);
    },
    afterTransactionRollback({ queryRunner }) {
      waiting.delete(queryRunner);
    },
  });
  return {
    async record(m, e, at) {
      await m.query(
        `INSERT INTO "push_events" ("recipient_id", "kind", "timeline_id", "actor_id", "created_at")
         SELECT $1, $2, $3, $4, $5
         WHERE EXISTS (SELECT 1 FROM "push_subscriptions" WHERE "user_id" = $1)
           AND EXISTS (SELECT 1 FROM "notification_preferences" p
                       WHERE p."user_id" = $1 AND p."push" <> 'off' AND NOT ($3 = ANY (p."muted_timeline_ids")))`,
        [e.recipientId, e.kind, e.timelineId, e.actorId, at],
      );
      const qr = m.queryRunner;
      if (!qr?.isTransactionActive) return void (await run([e.recipientId]));
      const ids = waiting.get(qr) ?? new Set<string>();
      ids.add(e.recipientId);
      waiting.set(qr, ids);
    },
  };
}
