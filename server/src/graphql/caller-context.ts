import type { Request, Response } from "express";
import type { AccessService } from "../modules/access/access.service.js";

/**
 * What the GraphQL plumbing (auth check, `@CurrentViewer()`, plugins) reads of an operation's
 * context. The whole context, with the services, loaders and presenters, is composed in
 * `web/context.ts` on top of it.
 */
export interface CallerContext {
  req: Request;
  res: Response;
  /** The signed-in user's id, or null (from the session, never from input). */
  userId: string | null;
  services: { access: AccessService };
}
