import PgBoss from "pg-boss";
import type { Pool } from "pg";
import type { Logger } from "../lib/logger.js";
import type { JobDefinition, JobQueue } from "./job-queue.js";
import { SettleWrites } from "./settle-writes.js";

export interface PgBossQueueOptions {
  /** Replaces every definition's first retry delay (tests: 1 s instead of minutes). */
  retryDelaySeconds?: number;
  /** Replaces every definition's number of retries (tests: the last attempt within seconds). */
  retryLimit?: number;
  /** How often an idle worker looks for jobs; jobs sent by this process wake it at once. */
  pollingIntervalSeconds?: number;
}

/** The queue's own tables live in this schema of the app's database. */
export const JOB_SCHEMA = "pgboss";

/**
 * pg-boss on the app's own pool (docs/decisions/021-durable-jobs.md): a job is a row in
 * PostgreSQL, taken by one worker of one process (SKIP LOCKED), retried with exponential backoff,
 * kept through restarts. Completed and failed jobs leave the tables within minutes.
 */
export class PgBossQueue implements JobQueue {
  readonly durable = true;
  private readonly defs = new Map<string, JobDefinition>();
  private readonly workers = new Map<string, string>();
  private readonly boss: PgBoss;
  private started = false;
  private stopping = false;
  /** The writes that settle this process's jobs, retried through a database outage. */
  private readonly settles: SettleWrites;

  constructor(
    pool: Pool,
    private readonly logger: Logger,
    private readonly opts: PgBossQueueOptions = {},
  ) {
    this.settles = new SettleWrites(pool, logger, JOB_SCHEMA);
    this.boss = new PgBoss({
      db: { executeSql: this.settles.executeSql },
      schema: JOB_SCHEMA,
      // finished jobs (their data included) are archived after a minute and deleted a minute later
      archiveCompletedAfterSeconds: 60,
      archiveFailedAfterSeconds: 60,
      deleteAfterSeconds: 60,
      maintenanceIntervalSeconds: 60,
    });
    // A database outage surfaces here (polling fails); the queue resumes by itself afterwards.
    this.boss.on("error", (err) => this.logger.warn({ err }, "job queue error"));
  }

  define<T extends object>(def: JobDefinition<T>): void {
    this.defs.set(def.name, def as unknown as JobDefinition);
  }

  async send<T extends object>(name: string, data: T): Promise<void> {
    if (!this.defs.has(name)) throw new Error(`unknown job ${name}`);
    await this.boss.send(name, data);
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker); // this process takes it now rather than at the next poll
  }

  async start(): Promise<void> {
    await this.boss.start();
    const retryDelay = this.opts.retryDelaySeconds;
    for (const def of this.defs.values()) {
      const retryLimit = this.opts.retryLimit ?? def.retryLimit;
      const queue: PgBoss.Queue = {
        name: def.name,
        policy: def.singleton ? "singleton" : "standard",
        retryLimit,
        retryDelay: retryDelay ?? def.retryDelaySeconds,
        retryBackoff: retryLimit > 0,
        expireInSeconds: def.expireInSeconds,
      };
      // created once per database; its retry policy follows the definition from then on
      await this.boss.createQueue(def.name, queue);
      await this.boss.updateQueue(def.name, queue);
      const id = await this.boss.work<object>(
        def.name,
        { includeMetadata: true, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          this.settles.taken(job.id, job.expireInSeconds);
          // a job fetched while stopping goes back to the table (failed, so retried by a process that runs)
          if (this.stopping) throw new Error("the queue is stopping");
          await def.handler({
            id: job.id,
            data: job.data,
            retryCount: job.retryCount,
            lastAttempt: job.retryCount >= job.retryLimit,
          });
        },
      );
      this.workers.set(def.name, id);
      if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: "UTC" });
    }
    this.started = true;
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    const until = Date.now() + timeoutMs;
    // Running jobs finish (up to the timeout); any still running then are failed and retried later.
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    // pg-boss 10 stops without waiting for a fetch under way, and settles a job without awaiting
    // it: wait until every job this process took is settled (or left to its expiry) and no
    // statement of the queue is under way, before the caller closes the pool.
    while (this.settles.busy && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }
}
