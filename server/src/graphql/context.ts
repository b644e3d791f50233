import type { Request, Response } from "express";
import { viewerFor } from "../modules/access/request-viewer.js";
import type { Services } from "../services.js";
import type { Loaders } from "./loaders.js";

export interface GraphQLContext {
  req: Request;
  res: Response;
  /** The signed-in user's id, or null (from the session, never from input). */
  userId: string | null;
  services: Services;
  loaders: Loaders;
}

/** One operation's context; its loaders read for whoever is signed in when they load. */
export function createGraphQLContext(req: Request, res: Response, services: Services): GraphQLContext {
  const ctx = { req, res, userId: req.userId, services } as GraphQLContext;
  ctx.loaders = services.loaders(() => viewerFor(ctx.req, ctx.userId ?? null, services.access));
  return ctx;
}
