import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";

/** docs/product.md §7 Relationships. */
export function relationshipRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  router.get("/my-relationships", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const me = await services.users.own(viewer);
    res.json(await present.relationships(await services.relationships.forUser(viewer, me)));
  });

  router.get("/user/:identifier", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const person = await services.users.findByIdentifier(viewer, String(req.params.identifier));
    res.json(await present.relationships(await services.relationships.forUser(viewer, person)));
  });

  return router;
}
