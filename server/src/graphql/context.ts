import type { Request, Response } from "express";
import { viewerFor } from "../modules/access/request-viewer.js";
import { createPresenters, type Presenters } from "../presenters.js";
import type { Services } from "../services.js";
import type { Loaders } from "./loaders.js";

export interface GraphQLContext {
  req: Request;
  res: Response;
  /** The signed-in user's id, or null (from the session, never from input). */
  userId: string | null;
  services: Services;
  loaders: Loaders;
  /** Derived fields, one presenter per type, shared with the REST façade (docs/decisions/015-code-layout.md). */
  present: Presenters;
}

/** One operation's context; its loaders and presenters read for whoever is signed in when they load. */
export function createGraphQLContext(req: Request, res: Response, services: Services): GraphQLContext {
  const ctx = { req, res, userId: req.userId, services } as GraphQLContext;
  const viewer = () => viewerFor(ctx.req, ctx.userId ?? null, services.access);
  ctx.loaders = services.loaders(viewer);
  ctx.present = createPresenters({ viewer, loaders: ctx.loaders, media: services.media });
  return ctx;
}
