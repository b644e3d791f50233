import crypto from "node:crypto";
import type { Logger } from "../lib/logger.js";
import type { JobDefinition, JobQueue } from "./job-queue.js";

/**
 * Runs a job's handler inside `send`, once, and logs a failure (no retry, nothing stored).
 * For apps built without `backgroundJobs` (tests, benches): what a request causes is done by the
 * time it is answered. Periodic jobs never run here. docs/decisions/021-durable-jobs.md
 */
export class InlineQueue implements JobQueue {
  readonly durable = false;
  private readonly defs = new Map<string, JobDefinition>();

  constructor(private readonly logger: Logger) {}

  define<T extends object>(def: JobDefinition<T>): void {
    this.defs.set(def.name, def as unknown as JobDefinition);
  }

  async send<T extends object>(name: string, data: T): Promise<void> {
    const def = this.defs.get(name);
    if (!def) throw new Error(`unknown job ${name}`);
    try {
      await def.handler({ id: crypto.randomUUID(), data, retryCount: 0, lastAttempt: true });
    } catch (err) {
      this.logger.error({ err, job: name }, "job failed");
    }
  }

  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}
