import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";

/**
 * Answers to a request to widen a timeline's tier (docs/decisions/026-two-keys-privacy.md):
 * POST /api/timelines/{id}/privacy/accept and /privacy/decline, without a body.
 */
export function privacyChangeRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  for (const [path, accept] of [
    ["/:id/privacy/accept", true],
    ["/:id/privacy/decline", false],
  ] as const) {
    router.post(path, async (req, res) => {
      const { viewer, present } = restContext(req, services);
      const t = await services.privacyChanges.respond(viewer, String(req.params.id), accept);
      res.json(await present.timeline(t));
    });
  }
  return router;
}
