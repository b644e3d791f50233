import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";
import { parseMemoryPrivacy } from "./memory-privacy.rules.js";

/**
 * Answers to a request to widen a memory's tier (docs/decisions/052-memory-privacy.md), as for a
 * timeline's: POST /api/memories/{id}/privacy/accept `{privacy}` (the tier agreed to: 409 when the
 * request asks for another now) and /privacy/decline (a body `{privacy}` is optional there).
 */
export function memoryPrivacyRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  for (const [path, accept] of [
    ["/:id/privacy/accept", true],
    ["/:id/privacy/decline", false],
  ] as const) {
    router.post(path, async (req, res) => {
      const { viewer, present } = restContext(req, services);
      const body = (req.body ?? {}) as { privacy?: unknown };
      const privacy = parseMemoryPrivacy(body.privacy) ?? null;
      const memory = await services.memoryPrivacy.respond(viewer, String(req.params.id), accept, privacy);
      res.json(await present.memory(memory));
    });
  }
  return router;
}
