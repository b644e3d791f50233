import { pino, type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * One logger for the server. Never log raw tokens, codes or cookies, and never users' data:
 * errors go through `serializeError`, which keeps a fixed list of fields (see below), so a
 * TypeORM QueryFailedError's `query` and `parameters`, a pg error's `detail` ("Failing row
 * contains …") and a body parser's `body` never reach the log.
 * `destination` is for tests that read what was logged.
 */
export function createLogger(level: string = process.env.LOG_LEVEL ?? "info", destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { err: serializeError },
    redact: {
      paths: ["req.headers.cookie", "res.headers['set-cookie']", "token", "code", "*.token", "*.code"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * The fields of an error that may be logged: what and where, never the data it was about.
 * Its `code` (a SQLSTATE, ECONNREFUSED…) is logged as `errorCode`: the redaction of sign-in
 * codes (`*.code`) would hide it.
 */
const SAFE_FIELDS = [
  "errno",
  "syscall",
  "status",
  "statusCode",
  "severity",
  "routine",
  "schema",
  "table",
  "column",
  "constraint",
  "dataType",
] as const;

/**
 * PostgreSQL messages that quote the offending value (class 22, data exception: `invalid input
 * syntax for type uuid: "…"`) or carry text written by a RAISE (P0001), and body-parser errors
 * (they quote the request body): their message is replaced by its code.
 */
function messageQuotesData(err: Record<string, unknown>): boolean {
  const code = typeof err.code === "string" ? err.code : "";
  return /^(22|P0)[0-9A-Z]{3}$/.test(code) || "body" in err;
}

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [field: string]: unknown;
}

/** pino's `err` serializer: an allow-list of fields, applied to causes and aggregated errors too. */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err; // a plain object the caller built on purpose
  return serialize(err, 0);
}

function serialize(err: Error, depth: number): SerializedError {
  const fields = err as unknown as Record<string, unknown>;
  const type = err.constructor?.name && err.constructor.name !== "Object" ? err.constructor.name : err.name;
  const original = String(err.message ?? "");
  const message = messageQuotesData(fields)
    ? `[message withheld: ${typeof fields.code === "string" ? `SQLSTATE ${fields.code}` : "it quotes request data"}]`
    : original;
  const out: SerializedError = { type, message };
  if (typeof err.stack === "string") out.stack = restack(err.stack, original, message);
  if (typeof fields.code === "string" || typeof fields.code === "number") out.errorCode = fields.code;
  for (const key of SAFE_FIELDS) {
    const v = fields[key];
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[key] = v;
  }
  if (depth < 3) {
    if (err.cause instanceof Error) out.cause = serialize(err.cause, depth + 1);
    if (err instanceof AggregateError) {
      out.errors = (err.errors as unknown[])
        .filter((e): e is Error => e instanceof Error)
        .slice(0, 5)
        .map((e) => serialize(e, depth + 1));
    }
  }
  return out;
}

/** The stack without the original message when that message is withheld (the stack repeats it). */
function restack(stack: string, original: string, message: string): string {
  if (original === message) return stack;
  const at = stack.indexOf("\n    at ");
  const frames = at === -1 ? "" : stack.slice(at);
  return `${message}${frames}`;
}
