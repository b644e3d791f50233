import type { GraphQLContext } from "../../graphql/context.js";
import type { Viewer } from "./access.service.js";
import { viewerFor } from "./request-viewer.js";

/** The per-request Viewer of a GraphQL operation (shared with every resolver of it). */
export function viewerOf(ctx: GraphQLContext): Viewer {
  return viewerFor(ctx.req, ctx.userId ?? null, ctx.services.access);
}
