import type { GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import { ArgumentValidationError } from "type-graphql";
import type { Logger } from "../lib/logger.js";
import { isAppError } from "../lib/errors.js";

/**
 * Known errors keep their message and get `extensions.code`; anything else becomes
 * "Internal server error" and is logged (never leaks internals, STYLE "Errors and logs").
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
    const code = formatted.extensions?.code;
    // Errors Apollo raises itself before execution (parse, validation, CSRF, armor limits) are safe to show.
    if (typeof code === "string" && code !== "INTERNAL_SERVER_ERROR") {
      return { message: formatted.message, locations: formatted.locations, extensions: { code } };
    }
    logger.error({ err: original, path: formatted.path }, "unhandled GraphQL error");
    return { message: "Internal server error", path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
  };
}
