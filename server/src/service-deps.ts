import type { DataSource } from "typeorm";
import type { Env } from "./config/env.js";
import type { Clock } from "./lib/clock.js";
import type { Logger } from "./lib/logger.js";
import type { Mailer } from "./lib/mailer.js";
import type { JobQueue } from "./jobs/job-queue.js";

/**
 * What the services are built from; tests swap in fakes where the real thing is not the point.
 * Its own module so that a service can take it without importing the composition root
 * (`web/services.ts`), which imports every service (docs/decisions/033-server-layers.md, no circles).
 */
export interface ServiceDeps {
  ds: DataSource;
  env: Env;
  logger: Logger;
  clock: Clock;
  /** Replaces the mailer built from env (tests: a failing or recording one). */
  mailer?: Mailer;
  /** Where background work goes (docs/decisions/021-durable-jobs.md); default: run inline. */
  jobs?: JobQueue;
}
