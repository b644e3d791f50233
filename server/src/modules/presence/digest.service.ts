import type { DataSource } from "typeorm";
import type { Env } from "../../config/env.js";
import { defineJob, type JobDefinition, type JobQueue } from "../../jobs/job-queue.js";
import type { Clock } from "../../lib/clock.js";
import { badInput, rateLimited, unauthenticated } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "../../lib/mailer.js";
import type { AccessService, Asker } from "../access/access.service.js";
import { duePeriod, ONE_CLICK_UNSUBSCRIBE_PATH, unsubscribeToken, unsubscribeTokenUser } from "./digest.rules.js";
import { renderDigestEmail, type DigestMemory } from "./digest.email.js";
import { DigestFrequency, type Preferences } from "./preferences.rules.js";
import type { PreferencesService } from "./preferences.service.js";
import { PresenceReads } from "./presence.reads.js";

export const DIGEST_MAIL_JOB = "digest-mail";
export const DIGEST_TICK_JOB = "digest-tick";

export interface DigestMailJob {
  userId: string;
  /** The period's key (`day:2026-03-11`), or null for a preview. */
  period: string | null;
  days: number;
  /** The end of the period (ISO): what is new is what came in the `days` before. */
  until: string;
}

const DAY_MS = 24 * 3_600_000;

/**
 * The e-mail digest (docs/decisions/035-presence.md): at the person's hour, daily or weekly, what
 * is new in their timelines and "On this day"; nothing when nothing is new; once per period, across
 * restarts and processes (a `digest_sends` row is claimed before the mail job is queued, and the
 * mail is keyed by the period: lib/mail-once.ts); one-click unsubscribe (RFC 8058).
 */
export class DigestService {
  private readonly reads: PresenceReads;

  constructor(
    private readonly deps: {
      ds: DataSource;
      env: Env;
      clock: Clock;
      logger: Logger;
      jobs: JobQueue;
      mailer: Mailer;
      access: AccessService;
      preferences: PreferencesService;
      /** Signs the unsubscribe tokens (the session secret). */
      secret: string;
      /** "On this day" for a person at a time (docs/decisions/035-presence.md). */
      onThisDay: (asker: Asker, timeZone: string | null, now: Date) => Promise<DigestMemory[]>;
    },
  ) {
    this.reads = new PresenceReads(deps.ds);
  }

  unsubscribeUrl(userId: string): string {
    return `${this.deps.env.APP_URL}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${unsubscribeToken(this.deps.secret, userId)}`;
  }

  /** Every few minutes: claims each due period once and queues its mail. */
  async tick(): Promise<number> {
    const now = this.deps.clock.now();
    const ids = (
      (await this.deps.ds.query(`SELECT "user_id" FROM "notification_preferences" WHERE "email_digest" <> 'off'`)) as {
        user_id: string;
      }[]
    ).map((r) => r.user_id);
    let queued = 0;
    for (const [userId, prefs] of await this.deps.preferences.ofUsers(ids)) {
      const period = duePeriod(prefs, now);
      if (!period || !(await this.claim(userId, period.key))) continue;
      await this.deps.jobs.send<DigestMailJob>(DIGEST_MAIL_JOB, {
        userId,
        period: period.key,
        days: period.days,
        until: now.toISOString(),
      });
      queued++;
    }
    await this.deps.ds.query(`DELETE FROM "digest_sends" WHERE "claimed_at" < now() - interval '60 days'`);
    return queued;
  }

  /** "Send me a preview now": the last week's digest at once, at most one a minute. */
  async preview(asker: Asker): Promise<void> {
    if (!asker.userId) throw unauthenticated();
    const now = this.deps.clock.now();
    const minute = now.toISOString().slice(0, 16);
    if (!(await this.claim(asker.userId, `preview:${minute}`))) {
      throw rateLimited("A preview was just sent. Please wait a minute.", 60, new Date(now.getTime() + 60_000));
    }
    await this.deps.jobs.send<DigestMailJob>(DIGEST_MAIL_JOB, {
      userId: asker.userId,
      period: null,
      days: 7,
      until: now.toISOString(),
    });
  }

  /** The one-click unsubscribe: turns the token's person's digest off. */
  async unsubscribe(token: unknown): Promise<void> {
    const userId = unsubscribeTokenUser(this.deps.secret, token);
    if (!userId) throw badInput("This unsubscribe link is not valid");
    const prefs = await this.deps.preferences.ofUsers([userId]);
    const exists = ((await this.reads.address({ userId })) ?? null) !== null;
    if (!exists) return; // the account is gone: nothing is sent to it anyway
    await this.deps.preferences.save(userId, { ...prefs.get(userId)!, emailDigest: DigestFrequency.OFF });
    this.deps.logger.info({ event: "digest.unsubscribed", userId }, "digest turned off by one-click unsubscribe");
  }

  /** True when this process is the first to claim the period. */
  private async claim(userId: string, period: string): Promise<boolean> {
    const rows = (await this.deps.ds.query(
      `INSERT INTO "digest_sends" ("user_id", "period") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "period"`,
      [userId, period],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Builds and sends one digest; nothing when nothing is new (a preview always goes). */
  async send(jobId: string, job: DigestMailJob): Promise<void> {
    const asker = { userId: job.userId };
    const person = await this.reads.address(asker);
    if (!person) return;
    const prefs: Preferences = (await this.deps.preferences.ofUsers([job.userId])).get(job.userId)!;
    if (job.period && prefs.emailDigest === DigestFrequency.OFF) return; // turned off since
    const until = new Date(job.until);
    const news = await this.reads.newInOwnTimelines(asker, new Date(until.getTime() - job.days * DAY_MS), until);
    if (!news.length && job.period) {
      return void this.deps.logger.info({ event: "digest.nothing_new", period: job.period }, "no digest: nothing new");
    }
    const mail = renderDigestEmail({
      appUrl: this.deps.env.APP_URL,
      name: person.name,
      weekly: job.days > 1,
      preview: !job.period,
      news,
      onThisDay: await this.deps.onThisDay(asker, prefs.timeZone, until),
      unsubscribeUrl: this.unsubscribeUrl(job.userId),
    });
    await this.deps.mailer.send({
      to: person.email,
      ...mail,
      key: job.period ? `digest.${job.userId}.${job.period.replace(/[^A-Za-z0-9-]/g, "-")}` : jobId,
      headers: {
        "List-Unsubscribe": `<${this.unsubscribeUrl(job.userId)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    this.deps.logger.info({ event: "digest.sent", period: job.period ?? "preview" }, "digest sent");
  }
}

/** The digest's mail, retried by the queue (6 times from 30 s) and sent once per period. */
export function digestMailJob(digest: DigestService): JobDefinition<DigestMailJob> {
  return defineJob<DigestMailJob>({
    name: DIGEST_MAIL_JOB,
    retryLimit: 6,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
    handler: ({ id, data }) => digest.send(id, data),
  });
}

/** Every five minutes, in one process: the digests due at this hour (zones with :30 and :45 offsets included). */
export function digestTickJob(digest: DigestService): JobDefinition {
  return defineJob({
    name: DIGEST_TICK_JOB,
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 240,
    singleton: true,
    cron: "*/5 * * * *",
    handler: async () => void (await digest.tick()),
  });
}
