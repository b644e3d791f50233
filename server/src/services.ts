import type { DataSource } from "typeorm";
import type { Env } from "./config/env.js";
import type { Clock } from "./lib/clock.js";
import type { Logger } from "./lib/logger.js";
import { UserService } from "./modules/users/user.service.js";

/** What the services are built from; tests swap in fakes where the real thing is not the point. */
export interface ServiceDeps {
  ds: DataSource;
  env: Env;
  logger: Logger;
  clock: Clock;
}

/** Composition root: every service, built once per app. */
export function createServices(deps: ServiceDeps) {
  return {
    users: new UserService(deps.ds),
  };
}

export type Services = ReturnType<typeof createServices>;
