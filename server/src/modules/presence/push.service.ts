import crypto from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import type { Env } from "../../config/env.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import { AppError, badInput, unauthenticated } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { PushTarget } from "../../lib/push-sender.js";
import type { VapidKeys } from "../../lib/vapid.js";
import type { AccessService, Asker } from "../access/access.service.js";
import { pushNoteOf, type PushNote, type PushNoteFacts } from "../access/disclosure.js";
import { isQuietHour, localTime, PushFrequency, type Preferences } from "./preferences.rules.js";
import type { PreferencesService } from "./preferences.service.js";
import { PresenceReads } from "./presence.reads.js";

export const PUSH_SEND_JOB = "push-send";
export const PUSH_TICK_JOB = "push-tick";

export interface PushSendJob {
  subscriptionId: string;
  note: PushNote;
}

const HOUR_MS = 3_600_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
/** IPv4 loopback, private and link-local ranges, and IPv6 unique-local and link-local, as URL hostnames. */
const PRIVATE_HOST =
  /^(127\.|10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2\d|3[01])\.|0\.|\[(fc|fd|fe8|fe9|fea|feb)[0-9a-f]*:)/i;

interface EventRow {
  id: string;
  kind: PushNoteFacts["kind"];
  timeline_id: string;
  actor_id: string | null;
  created_at: Date;
}

const b64url = /^[A-Za-z0-9_-]+=*$/;
const bytesOf = (v: unknown) => (typeof v === "string" && b64url.test(v) ? Buffer.from(v, "base64url").length : -1);

/**
 * Web Push on each person's terms (docs/decisions/035-presence.md): subscriptions per device,
 * events grouped per timeline and hour ("hourly") or gathered into one note a day ("daily"),
 * proposals and consent requests at once, nothing in quiet hours, notes written only by
 * `pushNoteOf` (who and which timeline).
 */
export class PushService {
  constructor(
    private readonly deps: {
      ds: DataSource;
      env: Env;
      clock: Clock;
      logger: Logger;
      jobs: JobQueue;
      access: AccessService;
      preferences: PreferencesService;
      vapid: VapidKeys | null;
    },
  ) {
    this.reads = new PresenceReads(deps.ds);
  }

  private readonly reads: PresenceReads;

  /** The VAPID public key a browser subscribes with, or null when push is not configured. */
  get publicKey(): string | null {
    return this.deps.vapid?.publicKey ?? null;
  }

  /**
   * Stores the browser's PushSubscription JSON for the asker on this device (bound to the session:
   * logging out removes it). The same endpoint again replaces its keys and owner.
   */
  async subscribe(asker: Asker, sessionId: string | null, body: unknown): Promise<{ endpoint: string }> {
    if (!asker.userId) throw unauthenticated();
    if (!this.deps.vapid) throw new AppError("SERVICE_UNAVAILABLE", "Push notifications are not configured here");
    const b = (body ?? {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
    const endpoint = this.checkEndpoint(b.endpoint);
    const p256dh = b.keys?.p256dh;
    const auth = b.keys?.auth;
    if (bytesOf(p256dh) !== 65)
      throw badInput("keys.p256dh must be the subscription's P-256 key", { field: "keys.p256dh" });
    if (bytesOf(auth) !== 16)
      throw badInput("keys.auth must be the subscription's 16-byte secret", { field: "keys.auth" });
    await this.deps.ds.query(
      `INSERT INTO "push_subscriptions" ("user_id", "session_id", "endpoint", "p256dh", "auth")
       VALUES ($1, (SELECT "sid" FROM "session" WHERE "sid" = $2), $3, $4, $5)
       ON CONFLICT ("endpoint") DO UPDATE SET "user_id" = EXCLUDED."user_id", "session_id" = EXCLUDED."session_id",
         "p256dh" = EXCLUDED."p256dh", "auth" = EXCLUDED."auth", "created_at" = now()`,
      [asker.userId, sessionId, endpoint, p256dh, auth],
    );
    return { endpoint };
  }

  /** Removes the asker's subscription at `endpoint` (anyone else's stays). True when one went. */
  async unsubscribe(asker: Asker, endpoint: unknown): Promise<boolean> {
    if (!asker.userId) throw unauthenticated();
    if (typeof endpoint !== "string") throw badInput("endpoint is required", { field: "endpoint" });
    const rows = (await this.deps.ds.query(
      `DELETE FROM "push_subscriptions" WHERE "user_id" = $1 AND "endpoint" = $2 RETURNING "id"`,
      [asker.userId, endpoint],
    )) as [unknown[], number];
    return rows[1] > 0;
  }

  private checkEndpoint(v: unknown): string {
    const fail = () =>
      badInput(
        this.deps.env.isProduction
          ? "endpoint must be the push service's https URL"
          : "endpoint must be an https URL (or http on loopback in development)",
        { field: "endpoint" },
      );
    if (typeof v !== "string" || v.length > 2048) throw fail();
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      throw fail();
    }
    if (url.username || url.password) throw fail();
    // a push service is on the internet: in production, no loopback, private or link-local host named by address
    if (this.deps.env.isProduction && (LOOPBACK.has(url.hostname) || PRIVATE_HOST.test(url.hostname))) throw fail();
    if (url.protocol === "https:") return url.href;
    if (url.protocol === "http:" && !this.deps.env.isProduction && LOOPBACK.has(url.hostname)) return url.href;
    throw fail();
  }

  /** The subscription a send job targets, or null when it was removed since. */
  async target(subscriptionId: string): Promise<PushTarget | null> {
    const [row] = (await this.deps.ds.query(
      `SELECT "endpoint", "p256dh", "auth" FROM "push_subscriptions" WHERE "id" = $1`,
      [subscriptionId],
    )) as PushTarget[];
    return row ?? null;
  }

  /** The push service said the subscription is gone (404/410). */
  async dropSubscription(subscriptionId: string): Promise<void> {
    await this.deps.ds.query(`DELETE FROM "push_subscriptions" WHERE "id" = $1`, [subscriptionId]);
  }

  /** Every minute: each person with events waiting is looked at; old hour windows are let go. */
  async tick(): Promise<void> {
    const now = this.deps.clock.now();
    const rows = (await this.deps.ds.query(`SELECT DISTINCT "recipient_id" FROM "push_events"`)) as {
      recipient_id: string;
    }[];
    for (const r of rows) await this.dispatch(r.recipient_id);
    await this.deps.ds.query(
      `DELETE FROM "push_windows" w WHERE w."opened_at" <= $1
         AND NOT EXISTS (SELECT 1 FROM "push_events" e WHERE e."recipient_id" = w."recipient_id" AND e."timeline_id" = w."timeline_id")`,
      [new Date(now.getTime() - HOUR_MS)],
    );
  }

  /**
   * Looks at one person's waiting events and sends what is due now, under a lock on that person
   * (two processes never both send one event). What is sent or dropped leaves the table.
   */
  async dispatch(recipientId: string): Promise<void> {
    const notes = await this.deps.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended('push:' || $1, 0))`, [recipientId]);
      const events = (await m.query(
        `SELECT "id", "kind", "timeline_id", "actor_id", "created_at" FROM "push_events"
         WHERE "recipient_id" = $1 ORDER BY "id"`,
        [recipientId],
      )) as EventRow[];
      if (!events.length) return [];
      const prefs = (await this.deps.preferences.ofUsers([recipientId])).get(recipientId)!;
      const due = await this.due(m, recipientId, prefs, events);
      return this.notesOf(recipientId, due);
    });
    if (!notes.length) return;
    const subs = (await this.deps.ds.query(`SELECT "id" FROM "push_subscriptions" WHERE "user_id" = $1`, [
      recipientId,
    ])) as { id: string }[];
    for (const note of notes) {
      for (const s of subs) await this.deps.jobs.send<PushSendJob>(PUSH_SEND_JOB, { subscriptionId: s.id, note });
    }
  }

  /** Which events go now (grouped into notes), deleting them and those never to go. */
  private async due(
    m: EntityManager,
    recipientId: string,
    prefs: Preferences,
    events: EventRow[],
  ): Promise<EventRow[][]> {
    const now = this.deps.clock.now();
    const local = localTime(now, prefs.timeZone);
    const seen = await this.deps.access.visibleTimelineIds(recipientId, [...new Set(events.map((e) => e.timeline_id))]);
    const dropped = events.filter(
      (e) =>
        prefs.push === PushFrequency.OFF || prefs.mutedTimelineIds.includes(e.timeline_id) || !seen.has(e.timeline_id),
    );
    const live = events.filter((e) => !dropped.includes(e));
    const groups: EventRow[][] = [];
    const quiet = isQuietHour(local.hour, prefs);
    if (!quiet) for (const e of live.filter((x) => x.kind !== "memories")) groups.push([e]);
    const memories = live.filter((e) => e.kind === "memories");
    if (prefs.push === PushFrequency.DAILY) {
      if (memories.length && local.hour === prefs.digestHour) {
        const first = (await m.query(
          `INSERT INTO "push_days" ("user_id", "day") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "day"`,
          [recipientId, local.date],
        )) as unknown[];
        if (first.length) groups.push(memories);
      }
    } else if (!quiet) {
      const windows = new Map(
        (
          (await m.query(`SELECT "timeline_id", "opened_at" FROM "push_windows" WHERE "recipient_id" = $1`, [
            recipientId,
          ])) as { timeline_id: string; opened_at: Date }[]
        ).map((w) => [w.timeline_id, w.opened_at.getTime()]),
      );
      const byTimeline = new Map<string, EventRow[]>();
      for (const e of memories) byTimeline.set(e.timeline_id, [...(byTimeline.get(e.timeline_id) ?? []), e]);
      for (const [timelineId, list] of byTimeline) {
        const opened = windows.get(timelineId);
        const end = opened === undefined ? null : opened + HOUR_MS;
        if (end !== null && now.getTime() < end) continue; // folded into the note at the end of the hour
        groups.push(list);
        // The end-of-hour note closes the window; a note at once (or activity after the hour) opens one.
        const opensAnew = end === null || list.some((e) => e.created_at.getTime() >= end);
        if (opensAnew) {
          await m.query(
            `INSERT INTO "push_windows" ("recipient_id", "timeline_id", "opened_at") VALUES ($1, $2, $3)
             ON CONFLICT ("recipient_id", "timeline_id") DO UPDATE SET "opened_at" = EXCLUDED."opened_at"`,
            [recipientId, timelineId, now],
          );
        } else {
          await m.query(`DELETE FROM "push_windows" WHERE "recipient_id" = $1 AND "timeline_id" = $2`, [
            recipientId,
            timelineId,
          ]);
        }
      }
    }
    const gone = [...dropped, ...groups.flat()].map((e) => e.id);
    if (gone.length) await m.query(`DELETE FROM "push_events" WHERE "id" = ANY($1::bigint[])`, [gone]);
    return groups;
  }

  /** One note per group, in the words of `pushNoteOf`, with current names and titles. */
  private async notesOf(recipientId: string, groups: EventRow[][]): Promise<PushNote[]> {
    if (!groups.length) return [];
    const flat = groups.flat();
    const ids = (k: "actor_id" | "timeline_id") => [...new Set(flat.map((e) => e[k]).filter((x): x is string => !!x))];
    const { people, titles } = await this.reads.namesFor(
      this.deps.access.viewer(recipientId),
      ids("actor_id"),
      ids("timeline_id"),
    );
    return groups
      .filter((g) => titles.has(g[g.length - 1]!.timeline_id))
      .map((g) => {
        const last = g[g.length - 1]!;
        const timelines = new Set(g.map((e) => e.timeline_id));
        return pushNoteOf({
          kind: last.kind,
          actorName: last.actor_id ? (people.get(last.actor_id) ?? null) : null,
          timelineId: last.timeline_id,
          timelineTitle: titles.get(last.timeline_id)!,
          count: g.filter((e) => e.timeline_id === last.timeline_id).length,
          otherTimelines: timelines.size - 1,
        });
      });
  }

  /** A Topic header (RFC 8030 §5.4): a newer note of one timeline replaces one not yet delivered. */
  static topicOf(note: PushNote): string {
    return crypto.createHash("sha256").update(note.tag).digest("base64url").slice(0, 32);
  }
}
