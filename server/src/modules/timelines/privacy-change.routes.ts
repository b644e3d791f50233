import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";
import { parsePrivacy } from "./timeline.rules.js";

/**
 * Answers to a request to widen a timeline's tier (docs/decisions/026-two-keys-privacy.md):
 * POST /api/timelines/{id}/privacy/accept `{privacy}` (the tier agreed to: 409 when the request
 * asks for another now, docs/decisions/032-who-may-learn-whom.md) and /privacy/decline (a body
 * `{privacy}` is optional there and checked the same way).
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
      const body = (req.body ?? {}) as { privacy?: unknown };
      const privacy = parsePrivacy(body.privacy, false) ?? null;
      const t = await services.privacyChanges.respond(viewer, String(req.params.id), accept, privacy);
      res.json(await present.timeline(t));
    });
  }
  return router;
}
