import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";

/**
 * `GET /api/timelines/{id}/audience?privacy=semi-private` (docs/decisions/025-audience-preview.md):
 * `{count, known}` with `known` as the REST façade's people; participants only, anyone else 404.
 */
export function audienceRoutes(services: Services): Router {
  const router = express.Router();

  router.get("/:id/audience", requireAuth, async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const audience = await services.audience.ofTimeline(viewer, String(req.params.id), req.query.privacy);
    res.json({ count: audience.count, known: await present.users(audience.known) });
  });

  return router;
}
