import type { Pool, QueryResult } from "pg";
import plans from "pg-boss/src/plans.js";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import type { Logger } from "../lib/logger.js";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** What pg-boss reads of a settle write's result (`mapCommandResponse`): nothing was settled. */
const NOTHING_SETTLED = { rows: [{ count: 0 }] } as unknown as QueryResult;

/**
 * The writes that settle a job (completed, or failed to be retried), in pg-boss 10's own SQL.
 * pg-boss issues them without awaiting or catching them: while the database is down, the
 * rejection would end the process, and the job would stay `active` until its expiry, then run
 * again (a mail sent twice). Here they are retried while the database is out of reach, until the
 * job's expiry; they never reject. After the expiry the job is the queue's again: its
 * maintenance fails it by timeout, and it is retried (docs/decisions/031-no-input-ends-the-process.md).
 */
export class SettleWrites {
  private readonly statements: ReadonlySet<string>;
  /** Jobs fetched and not yet settled: when each one's expiry passes (ms since the epoch). */
  private readonly expiries = new Map<string, number>();
  /** The queue's statements under way. */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly pool: Pool,
    private readonly logger: Logger,
    schema: string,
  ) {
    this.statements = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  }

  /** A job this process took: its settle write is retried until `expireInSeconds` from now. */
  taken(id: string, expireInSeconds: number): void {
    // a second early: the queue's own clock (PostgreSQL's) started counting at the fetch
    this.expiries.set(id, Date.now() + expireInSeconds * 1000 - 1000);
  }

  /**
   * True while a job this process took is not settled, or one of the queue's statements is under
   * way (a fetch whose jobs are not taken yet): the pool must stay open.
   */
  get busy(): boolean {
    return this.expiries.size > 0 || this.pending.size > 0;
  }

  /** pg-boss's `executeSql`: settle writes go through `settle`, every other statement as it is. */
  readonly executeSql = (text: string, values?: unknown[]): Promise<QueryResult> => {
    const statement = this.statements.has(text) ? this.settle(text, values ?? []) : this.pool.query(text, values);
    this.pending.add(statement);
    void statement.then(
      () => this.pending.delete(statement),
      () => this.pending.delete(statement),
    );
    return statement;
  };

  private async settle(text: string, values: unknown[]): Promise<QueryResult> {
    const [queue, ids] = values as [string, string[]];
    const deadline = Math.min(...ids.map((id) => this.expiries.get(id) ?? 0));
    try {
      for (let delay = 200, attempt = 1; ; delay = Math.min(delay * 2, 2000), attempt++) {
        try {
          return await this.pool.query(text, values);
        } catch (err) {
          if (!isDatabaseUnavailable(err) || Date.now() + delay > deadline) {
            this.logger.warn(
              { err, event: "job.settle_left_to_expiry", queue, jobs: ids.length, attempts: attempt },
              "a job's result could not be stored; the queue will retry it after its expiry",
            );
            return NOTHING_SETTLED;
          }
          if (attempt === 1) {
            this.logger.warn(
              { err, event: "job.settle_waiting", queue, jobs: ids.length },
              "a job's result waits for the database",
            );
          }
          await sleep(delay);
        }
      }
    } finally {
      for (const id of ids) this.expiries.delete(id);
    }
  }
}
