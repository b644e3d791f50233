import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";

/** `POST /api/timelines/{id}/visit`: the caller opened it (docs/decisions/055-reminders-invite-links-and-new-marks.md). */
export function timelineVisitRoutes(services: Services): Router {
  const router = express.Router();
  router.post("/:id/visit", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    const t = await services.visits.markVisited(viewer, String(req.params.id));
    res.json({ id: t.id });
  });
  return router;
}
