/**
 * Background work that must not be lost (docs/decisions/021-durable-jobs.md). Services declare
 * jobs (a name, a retry policy, a handler) and `send` them; the queue runs them.
 *
 * Two queues implement this: `PgBossQueue` (the server: jobs are rows in PostgreSQL, retried with
 * backoff, run once across processes, surviving restarts) and `InlineQueue` (apps built without
 * `backgroundJobs`, i.e. most tests and the benches: the handler runs at once inside `send`, once).
 */
export interface JobRun<T> {
  /** The job's id: the same in every attempt (a key for work that must happen once). */
  id: string;
  data: T;
  /** 0 for the first attempt. */
  retryCount: number;
  /** True when a failure now is final: no retry follows. */
  lastAttempt: boolean;
}

export interface JobDefinition<T extends object = object> {
  name: string;
  /** Retries after the first attempt (0: none). */
  retryLimit: number;
  /** Seconds before the first retry; each retry waits about twice as long (with jitter). */
  retryDelaySeconds: number;
  /** How long one attempt may run before it counts as failed. */
  expireInSeconds: number;
  /** Only one job of this name runs at a time across every process (sweeps). */
  singleton?: boolean;
  /** Cron (UTC) for periodic jobs; each slot runs in one process only. */
  cron?: string;
  handler(run: JobRun<T>): Promise<void>;
}

export interface JobQueue {
  readonly durable: boolean;
  define<T extends object>(def: JobDefinition<T>): void;
  /** Stores the job (durable) or runs it now (inline). Resolves when stored or run. */
  send<T extends object>(name: string, data: T): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
}

export function defineJob<T extends object>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}
