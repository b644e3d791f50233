import { AUTHENTICATION_REQUIRED } from "@keepsake/contract";

/**
 * The one error family (docs/decisions/008-api-shapes.md, 015-code-layout.md). Each known error carries a GraphQL `extensions.code`
 * (docs/decisions/008-api-shapes.md) and an HTTP status for the REST façade. Anything else is "Internal server error".
 */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "BAD_USER_INPUT"
  | "RATE_LIMITED"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "QUOTA_EXCEEDED"
  | "SERVICE_UNAVAILABLE";

const STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  QUOTA_EXCEEDED: 413,
  SERVICE_UNAVAILABLE: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = STATUS[code];
  }
}

export const unauthenticated = (message = AUTHENTICATION_REQUIRED) => new AppError("UNAUTHENTICATED", message);
export const forbidden = (message = "You do not have access to this") => new AppError("FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const badInput = (message: string, details: Record<string, unknown> = {}) =>
  new AppError("BAD_USER_INPUT", message, details);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const tooLarge = (message: string) => new AppError("PAYLOAD_TOO_LARGE", message);

/** `retryAfter` in whole seconds, `resetTime` ISO (docs/product.md §7, docs/decisions/002-sign-in-safety.md). */
export const rateLimited = (message: string, retryAfter: number, resetTime: Date) =>
  new AppError("RATE_LIMITED", message, { retryAfter, resetTime: resetTime.toISOString() });

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
