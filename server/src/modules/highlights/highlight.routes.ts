import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";

/**
 * A profile's highlights (docs/decisions/053-highlights.md), under /api/users:
 * `PUT /me/highlights {memory_ids}` and `GET /{identifier}/highlights` (username, or e-mail under
 * the e-mail rules; `me` for one's own). Both answer the memories the caller may see, in order.
 */
export function highlightRoutes(services: Services): Router {
  const router = express.Router();
  router.get("/:identifier/highlights", requireAuth, async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const identifier = String(req.params.identifier);
    const person =
      identifier === "me"
        ? await services.users.own(viewer)
        : await services.users.findByIdentifier(viewer, identifier);
    if (!person) return void res.status(404).json({ error: "User not found" });
    res.json(await present.memories(await services.highlights.of(viewer, person)));
  });

  router.put("/me/highlights", requireAuth, async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(await present.memories(await services.highlights.set(viewer, body.memory_ids)));
  });

  return router;
}
