import PgBoss from "pg-boss";
import type { Pool } from "pg";
import type { Logger } from "../lib/logger.js";
import type { JobDefinition, JobQueue } from "./job-queue.js";

export interface PgBossQueueOptions {
  /** Replaces every definition's first retry delay (tests: 1 s instead of minutes). */
  retryDelaySeconds?: number;
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
  /** Handlers running now in this process. */
  private running = 0;

  constructor(
    pool: Pool,
    private readonly logger: Logger,
    private readonly opts: PgBossQueueOptions = {},
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
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
      await this.boss.createQueue(def.name, {
        name: def.name,
        policy: def.singleton ? "singleton" : "standard",
        retryLimit: def.retryLimit,
        retryDelay: retryDelay ?? def.retryDelaySeconds,
        retryBackoff: def.retryLimit > 0,
        expireInSeconds: def.expireInSeconds,
      });
      const id = await this.boss.work<object>(
        def.name,
        { includeMetadata: true, pollingIntervalSeconds: this.opts.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return;
          // a job fetched while stopping goes back to the table (failed, so retried by a process that runs)
          if (this.stopping) throw new Error("the queue is stopping");
          this.running++;
          try {
            await def.handler({
              data: job.data,
              retryCount: job.retryCount,
              lastAttempt: job.retryCount >= job.retryLimit,
            });
          } finally {
            this.running--;
          }
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
    // pg-boss 10 records a job's completion without awaiting it and may be fetching as it stops:
    // wait for our handlers, then a moment for those writes, before the caller closes the pool.
    while (this.running > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 250));
  }
}
