import type { DataSource } from "typeorm";
import type { Asker, Viewer } from "../access/access.service.js";
import { badInput, unauthenticated } from "../../lib/errors.js";
import { TimelineReads } from "../timelines/timeline.reads.js";
import {
  checkPreferences,
  DEFAULT_PREFERENCES,
  type DigestFrequency,
  type Preferences,
  type PreferencesChange,
  type PushFrequency,
} from "./preferences.rules.js";

interface Row {
  push: PushFrequency;
  email_digest: DigestFrequency;
  digest_hour: number;
  time_zone: string | null;
  quiet_start: number;
  quiet_end: number;
  muted_timeline_ids: string[];
}

const COLUMNS = `"push", "email_digest", "digest_hour", "time_zone", "quiet_start", "quiet_end", "muted_timeline_ids"`;

const fromRow = (r: Row): Preferences => ({
  push: r.push,
  emailDigest: r.email_digest,
  digestHour: r.digest_hour,
  timeZone: r.time_zone,
  quietStart: r.quiet_start,
  quietEnd: r.quiet_end,
  mutedTimelineIds: r.muted_timeline_ids,
});

/** Each person's notification preferences (docs/decisions/035-presence.md). */
export class PreferencesService {
  private readonly timelines: TimelineReads;

  constructor(private readonly ds: DataSource) {
    this.timelines = new TimelineReads(ds);
  }

  /** The asker's own preferences (the defaults until they change one). */
  async own(asker: Asker): Promise<Preferences> {
    if (!asker.userId) throw unauthenticated();
    return (await this.ofUsers([asker.userId])).get(asker.userId)!;
  }

  /** Preferences of several people, for the senders (push, digest). */
  async ofUsers(userIds: readonly string[]): Promise<Map<string, Preferences>> {
    const rows = (await this.ds.query(
      `SELECT "user_id", ${COLUMNS} FROM "notification_preferences" WHERE "user_id" = ANY($1::uuid[])`,
      [userIds],
    )) as (Row & { user_id: string })[];
    const out = new Map(userIds.map((id) => [id, { ...DEFAULT_PREFERENCES }]));
    for (const r of rows) out.set(r.user_id, fromRow(r));
    return out;
  }

  /**
   * Changes the viewer's preferences: a 400 naming the first wrong field (`fieldNames`: REST's
   * or GraphQL's); a muted timeline must be one the viewer can see.
   */
  async update(
    viewer: Viewer,
    change: PreferencesChange,
    fieldNames: Record<keyof Preferences, string>,
  ): Promise<Preferences> {
    const current = await this.own(viewer);
    const next = checkPreferences(current, change, fieldNames);
    if (change.mutedTimelineIds !== undefined && next.mutedTimelineIds.length > 0) {
      const seen = await this.timelines.visibleByIds(viewer, next.mutedTimelineIds);
      if (seen.length !== next.mutedTimelineIds.length) {
        throw badInput(`${fieldNames.mutedTimelineIds} names a timeline you cannot see`, {
          field: fieldNames.mutedTimelineIds,
        });
      }
    }
    return this.save(viewer.userId!, next);
  }

  /** Writes `p` for `userId` (also the one-click unsubscribe's way in, without a session). */
  async save(userId: string, p: Preferences): Promise<Preferences> {
    const [row] = (await this.ds.query(
      `INSERT INTO "notification_preferences" ("user_id", ${COLUMNS}, "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], now())
       ON CONFLICT ("user_id") DO UPDATE SET
         "push" = EXCLUDED."push", "email_digest" = EXCLUDED."email_digest",
         "digest_hour" = EXCLUDED."digest_hour", "time_zone" = EXCLUDED."time_zone",
         "quiet_start" = EXCLUDED."quiet_start", "quiet_end" = EXCLUDED."quiet_end",
         "muted_timeline_ids" = EXCLUDED."muted_timeline_ids", "updated_at" = now()
       RETURNING ${COLUMNS}`,
      [userId, p.push, p.emailDigest, p.digestHour, p.timeZone, p.quietStart, p.quietEnd, p.mutedTimelineIds],
    )) as Row[];
    return fromRow(row!);
  }
}
