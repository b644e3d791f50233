import { GraphQLError, type GraphQLFormattedError } from "graphql";
import type { ApolloServerPlugin } from "@apollo/server";
import { unwrapResolverError } from "@apollo/server/errors";
import { ArgumentValidationError } from "type-graphql";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, serviceUnavailable } from "../db/unavailable.js";
import type { Logger } from "../lib/logger.js";
import { isAppError } from "../lib/errors.js";
import { isMultipartParseError, UNREADABLE_UPLOAD } from "../lib/multipart-errors.js";

/**
 * An error about the upload request itself: graphql-upload-minimal's (a map entry naming a file
 * that was not sent, a disconnect mid-upload: http-errors style, `expose`d, status 4xx), or the
 * parser's for a body cut short inside a file.
 */
function uploadRequestError(err: unknown): { status: number; message: string } | null {
  if (isMultipartParseError(err)) return { status: 400, message: UNREADABLE_UPLOAD };
  const e = err as { status?: unknown; expose?: unknown; message?: unknown } | null;
  if (!e || e.expose !== true || typeof e.status !== "number" || e.status < 400 || e.status >= 500) return null;
  return { status: e.status, message: typeof e.message === "string" ? e.message : "Bad request" };
}

/**
 * Known errors keep their message and get `extensions.code`; the database out of reach becomes
 * SERVICE_UNAVAILABLE; anything else becomes "Internal server error" and is logged with its
 * safe fields (lib/logger.ts); internals never reach the caller.
 */
export function createFormatError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (isAppError(original)) {
      return {
        message: original.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: { code: original.code, ...original.details },
      };
    }
    if (original instanceof ArgumentValidationError) {
      const fields = original.extensions.validationErrors?.map((v) => ({
        field: v.property,
        constraints: v.constraints,
      }));
      return { message: "Invalid input", path: formatted.path, extensions: { code: "BAD_USER_INPUT", fields } };
    }
    if (isDatabaseUnavailable(original)) {
      logger.warn({ err: original, path: formatted.path }, "database unavailable");
      const e = serviceUnavailable();
      return { message: e.message, path: formatted.path, extensions: { code: e.code, ...e.details } };
    }
    const upload = uploadRequestError(original);
    if (upload) {
      const code = upload.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
      return { message: upload.message, path: formatted.path, extensions: { code } };
    }
    const code = formatted.extensions?.code;
    // Errors Apollo raises itself before execution (parse, validation, CSRF, armor limits) are safe to show.
    if (typeof code === "string" && code !== "INTERNAL_SERVER_ERROR") {
      return { message: formatted.message, locations: formatted.locations, extensions: { code } };
    }
    logger.error({ err: original, path: formatted.path }, "unhandled GraphQL error");
    return { message: "Internal server error", path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
  };
}

/**
 * The HTTP status of a GraphQL answer follows its errors: any SERVICE_UNAVAILABLE makes it 503
 * with `Retry-After` (a client must not take a partial answer for the truth), a request-level
 * BAD_REQUEST or PAYLOAD_TOO_LARGE (malformed upload) makes it 400 / 413.
 */
export function errorStatusPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== "single") return;
          const codes = new Set((response.body.singleResult.errors ?? []).map((e) => e.extensions?.code));
          if (codes.has("SERVICE_UNAVAILABLE")) {
            response.http.status = 503;
            response.http.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
          } else if (codes.has("PAYLOAD_TOO_LARGE")) {
            response.http.status = 413;
          } else if (codes.has("BAD_REQUEST")) {
            response.http.status = 400;
          }
        },
      };
    },
  };
}

/**
 * graphql-armor's token limit throws from `parsingDidStart`, and its `unexpectedErrorProcessingRequest`
 * hook turns that into a GraphQLError that Apollo answers with a 500. The same error with an
 * HTTP 400 attached: a query over a limit is the caller's fault.
 */
export function withBadRequestStatus<T extends object>(plugin: ApolloServerPlugin<T>): ApolloServerPlugin<T> {
  const hook = plugin.unexpectedErrorProcessingRequest?.bind(plugin);
  if (!hook) return plugin;
  return {
    ...plugin,
    async unexpectedErrorProcessingRequest(args) {
      try {
        await hook(args);
      } catch (err) {
        if (!(err instanceof GraphQLError)) throw err;
        throw new GraphQLError(err.message, {
          extensions: { ...err.extensions, http: { status: 400 } },
          originalError: err,
        });
      }
    },
  };
}
