import { createParameterDecorator } from "type-graphql";
import type { Viewer } from "../modules/access/access.service.js";
import { viewerFor } from "../modules/access/request-viewer.js";
import type { CallerContext } from "./caller-context.js";

/** The per-request Viewer of a GraphQL operation (shared with every resolver of it and the loaders). */
export function viewerOf(ctx: CallerContext): Viewer {
  return viewerFor(ctx.req, ctx.userId ?? null, ctx.services.access);
}

/**
 * `@CurrentViewer() viewer: Viewer`: the caller as every service method takes it
 * (docs/decisions/015-code-layout.md). Read when the resolver runs, so a sign-in earlier in the
 * same operation counts.
 */
export function CurrentViewer() {
  return createParameterDecorator<CallerContext>(({ context }) => viewerOf(context));
}
