import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "../lib/logger.js";
import { AppError, isAppError } from "../lib/errors.js";

/** REST façade errors: `{error: "…"}` with a proper status (DESIGN §8); internals never leak. */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return void res.end();
    if (isAppError(err)) return void sendAppError(res, err);
    const status =
      typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
    if (status === 413) return void res.status(413).json({ error: "Payload too large" });
    if (status >= 400 && status < 500 && err?.type === "entity.parse.failed") {
      return void res.status(400).json({ error: "Invalid JSON body" });
    }
    if (status >= 400 && status < 500) return void res.status(status).json({ error: "Bad request" });
    logger.error({ err, reqId: req.id }, "unhandled API error");
    res.status(500).json({ error: "Internal server error" });
  };
}

export function sendAppError(res: Parameters<RequestHandler>[1], err: AppError): void {
  if (err.code === "RATE_LIMITED" && typeof err.details.retryAfter === "number") {
    res.setHeader("Retry-After", String(err.details.retryAfter));
  }
  res.status(err.status).json({ error: err.message, ...err.details });
}

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: "Not found" });
};
