import type { Request } from "express";
import type { AccessService, Viewer } from "../modules/access/access.service.js";
import { viewerFor } from "../modules/access/request-viewer.js";

/** The caller of a REST request as every service method takes it (the same Viewer GraphQL's `@CurrentViewer()` gives). */
export function requestViewer(req: Request, services: { access: AccessService }): Viewer {
  return viewerFor(req, req.userId ?? null, services.access);
}
