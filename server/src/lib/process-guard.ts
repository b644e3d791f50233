import { isDatabaseUnavailable } from "../db/unavailable.js";
import type { Logger } from "./logger.js";
import { isMultipartParseError } from "./multipart-errors.js";

/**
 * Errors of a peer that went away (a phone that dropped its connection, a database that
 * restarted): they end one request's or one job's stream; every piece of state they touch is
 * already torn down.
 */
const PEER_GONE = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "ERR_STREAM_PREMATURE_CLOSE"]);

/**
 * Is the process still sound after this error reached no handler? Only for errors whose cause
 * is known to hold no state of ours (docs/decisions/031-no-input-ends-the-process.md):
 * - the database out of reach: everything lasting is in PostgreSQL, the pool drops the broken
 *   connection and the queue retries its writes;
 * - a request's body that is not valid multipart, or a peer that went away mid-stream: the
 *   stream is destroyed before its error is emitted.
 * Anything else may have left memory half-changed: the process stops, cleanly, and its
 * supervisor (systemd, Docker's restart policy) starts a new one.
 */
export function isSurvivable(err: unknown): boolean {
  if (isDatabaseUnavailable(err) || isMultipartParseError(err)) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && PEER_GONE.has(code);
}

/**
 * Installs the process-wide guard: an error no code handled is logged (its allow-listed fields
 * only, never users' data: lib/logger.ts) and the process keeps serving when `isSurvivable`;
 * otherwise `stop` runs once (the graceful shutdown, which exits with code 1).
 */
export function guardProcess(logger: Logger, stop: (reason: string) => void): void {
  const seen = (kind: "uncaughtException" | "unhandledRejection") => (reason: unknown) => {
    // a rejection with something other than an Error: only its type is logged
    const err = reason instanceof Error ? reason : { type: typeof reason };
    if (isSurvivable(reason)) {
      logger.warn({ err, event: "process.survived", kind }, "an error no code handled; the process keeps serving");
      return;
    }
    logger.fatal({ err, event: "process.fatal", kind }, "an error no code handled; stopping the process");
    stop(kind);
  };
  process.on("uncaughtException", seen("uncaughtException"));
  process.on("unhandledRejection", seen("unhandledRejection"));
}
