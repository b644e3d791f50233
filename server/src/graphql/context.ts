import type { Request, Response } from "express";
import { viewerOf } from "../modules/access/graphql-viewer.js";
import type { Services } from "../services.js";
import type { Loaders } from "./loaders.js";

export interface GraphQLContext {
  req: Request;
  res: Response;
  /** The signed-in user's id, or null (from the session, never from input). */
  userId: string | null;
  services: Services;
  readonly loaders: Loaders;
}

/**
 * One operation's context; its loaders read for whoever is signed in when they load, and are made
 * on first use (an operation that loads nothing, like the unread count, makes none:
 * docs/decisions/028-fast-graphql-path.md).
 */
export function createGraphQLContext(req: Request, res: Response, services: Services): GraphQLContext {
  let loaders: Loaders | undefined;
  const ctx: GraphQLContext = {
    req,
    res,
    userId: req.userId,
    services,
    get loaders() {
      return (loaders ??= services.loaders(() => viewerOf(ctx)));
    },
  };
  return ctx;
}
