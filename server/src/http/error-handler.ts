import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, serviceUnavailable } from "../db/unavailable.js";
import type { Logger } from "../lib/logger.js";
import { AppError, isAppError } from "../lib/errors.js";
import { isMultipartParseError, UNREADABLE_UPLOAD } from "../lib/multipart-errors.js";

/**
 * REST façade errors: `{error: "…"}` with a proper status; internals never leak.
 * The database out of reach (down, restarting, out of connections) is 503 with `Retry-After`,
 * whichever layer noticed it: a route, the session store or the rate limiter.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return void res.end();
    if (isAppError(err)) return void sendAppError(res, err);
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err, reqId: req.id }, "database unavailable");
      return void sendAppError(res, serviceUnavailable());
    }
    if (isMultipartParseError(err)) return void res.status(400).json({ error: UNREADABLE_UPLOAD });
    const status = httpStatusOf(err) ?? 500;
    if (status === 413) return void res.status(413).json({ error: "Payload too large" });
    if (status >= 400 && status < 500 && err?.type === "entity.parse.failed") {
      return void res.status(400).json({ error: "Invalid JSON body" });
    }
    if (status >= 400 && status < 500) return void res.status(status).json({ error: "Bad request" });
    logger.error({ err, reqId: req.id }, "unhandled API error");
    res.status(500).json({ error: "Internal server error" });
  };
}

/** The HTTP status an error from a library says it stands for (http-errors' `status`/`statusCode`). */
export function httpStatusOf(err: unknown): number | undefined {
  const e = err as { status?: unknown; statusCode?: unknown } | null;
  if (typeof e?.status === "number") return e.status;
  if (typeof e?.statusCode === "number") return e.statusCode;
  return undefined;
}

export function sendAppError(res: Response, err: AppError): void {
  if (err.code === "RATE_LIMITED" || err.code === "SERVICE_UNAVAILABLE") {
    const retryAfter = typeof err.details.retryAfter === "number" ? err.details.retryAfter : RETRY_AFTER_SECONDS;
    res.setHeader("Retry-After", String(retryAfter));
  }
  res.status(err.status).json({ error: err.message, ...err.details });
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: "Not found" });
};

/** A GraphQL-shaped error answer for failures before Apollo runs (body parsing, sessions). */
function sendGraphQLError(res: Response, status: number, message: string, code: string): void {
  if (status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/**
 * Errors raised on /graphql before the operation runs: a malformed multipart body or JSON body
 * (400 BAD_REQUEST, 413 PAYLOAD_TOO_LARGE), the session store without its database (503
 * SERVICE_UNAVAILABLE). Answered in GraphQL's shape, never as a 500.
 */
export function graphqlErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return void res.end();
    if (isAppError(err)) {
      if (err.status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      return void res.status(err.status).json({ errors: [{ message: err.message, extensions: { code: err.code } }] });
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err, reqId: req.id }, "database unavailable");
      return void sendGraphQLError(res, 503, serviceUnavailable().message, "SERVICE_UNAVAILABLE");
    }
    const status = httpStatusOf(err);
    if (status === 413) return void sendGraphQLError(res, 413, "The request is too large.", "PAYLOAD_TOO_LARGE");
    if (err?.type === "entity.parse.failed") {
      return void sendGraphQLError(res, 400, "The request body is not valid JSON.", "BAD_REQUEST");
    }
    if (isMultipartParseError(err)) return void sendGraphQLError(res, 400, UNREADABLE_UPLOAD, "BAD_REQUEST");
    if (err?.isMultipartError === true) {
      return void sendGraphQLError(
        res,
        400,
        "The multipart request is malformed: it needs the fields 'operations' and 'map', then the files.",
        "BAD_REQUEST",
      );
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return void sendGraphQLError(res, status, "Bad request", "BAD_REQUEST");
    }
    logger.error({ err, reqId: req.id }, "unhandled GraphQL transport error");
    sendGraphQLError(res, 500, "Internal server error", "INTERNAL_SERVER_ERROR");
  };
}
