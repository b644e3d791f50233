import type { Logger } from "../lib/logger.js";
import type { EmbeddedDatabase } from "./embedded-postgres.js";

export interface DatabaseState {
  /** True from the moment the embedded database is found dead until it accepts connections again. */
  databaseDown?: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Watches the embedded database's process (docs/decisions/031-no-input-ends-the-process.md): when
 * it dies, `state.databaseDown` turns true at once (every request that needs it answers 503 with
 * Retry-After, without waiting on a connection), and it is started again (PostgreSQL replays its
 * write-ahead log: every committed write is there) until it runs; then `databaseDown` is false.
 * Checks every `intervalMs`; a process-liveness check, no I/O.
 */
export function superviseEmbedded(
  db: EmbeddedDatabase,
  state: DatabaseState,
  logger: Logger,
  intervalMs = 200,
): { stop(): void } {
  let stopped = false;
  let pid = db.pid();
  const alive = () => {
    if (pid === null) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === "EPERM";
    }
  };
  const recover = async () => {
    const downAt = Date.now();
    state.databaseDown = true;
    logger.error({ event: "embedded_db.died", pid }, "the embedded PostgreSQL stopped; starting it again");
    for (let attempt = 1, delay = 500; !stopped; attempt++, delay = Math.min(delay * 2, 5000)) {
      try {
        await db.restart();
        pid = db.pid();
        state.databaseDown = false;
        logger.info(
          { event: "embedded_db.restarted", pid, attempts: attempt, downMs: Date.now() - downAt },
          "the embedded PostgreSQL runs again",
        );
        return;
      } catch (err) {
        logger.warn({ err, event: "embedded_db.restart_failed", attempt }, "the embedded PostgreSQL did not start yet");
        await sleep(delay);
      }
    }
  };
  let recovering: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (stopped || recovering || alive()) return;
    recovering = recover().finally(() => (recovering = null));
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
