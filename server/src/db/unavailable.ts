import { AppError } from "../lib/errors.js";

/** Seconds a client is asked to wait (`Retry-After`) while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

/** The answer to every request that needed the database while it could not be reached. */
export function serviceUnavailable(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", UNAVAILABLE_MESSAGE, { retryAfter: RETRY_AFTER_SECONDS });
}

/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of an outage, not of a bad statement: class 08 (connection exception), class 53
 * (insufficient resources: too many connections, disk full, out of memory) and the server
 * shutting down, crashed or still starting (57P01–57P03).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[123])$/;

/** Messages of pg / pg-pool / TypeORM errors that carry no code but mean "no usable connection". */
const UNAVAILABLE_MESSAGE_PATTERNS = [
  /^Connection terminated/, // pg: the server closed the socket (restart, crash, network)
  /timeout exceeded when trying to connect/, // pg-pool: connectionTimeoutMillis passed
  /is not queryable/, // pg: a client whose connection already failed
  /Cannot use a pool after calling end on the pool/, // shutting down
  /connection is not yet established|Connection with .* is not established/i, // TypeORM after destroy()
];

/**
 * Is this error the database being out of reach (down, restarting, unreachable, out of
 * connections) rather than a fault of the request or of our SQL? Looks through TypeORM's
 * QueryFailedError (`driverError`), `cause` chains and AggregateError (several addresses tried).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  // TypeORM releases a transaction's query runner when its connection emits "error" (the
  // server went away mid-request); the transaction's next statement then throws one of these
  // (the second through the transaction's EntityManager).
  const name = (err as { name?: unknown }).name;
  if (name === "QueryRunnerAlreadyReleasedError" || name === "QueryRunnerProviderAlreadyReleasedError") return true;
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code))) return true;
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGE_PATTERNS.some((p) => p.test(e.message as string))) {
    return true;
  }
  if (e.driverError && isDatabaseUnavailable(e.driverError, depth + 1)) return true;
  if (e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  if (Array.isArray(e.errors) && e.errors.length > 0) {
    return e.errors.every((inner) => isDatabaseUnavailable(inner, depth + 1));
  }
  return false;
}
