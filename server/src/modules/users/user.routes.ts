import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";
import { parseUserFilter } from "./people-lookup.js";

/** docs/product.md §7 Users: /users/filter, /users/me, /users/check-username/{username}. */
export function userRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  router.get("/filter", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const users = await services.users.filter(viewer, parseUserFilter(req.query as Record<string, unknown>));
    res.json(await present.users(users));
  });

  router.get("/me", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const user = await services.users.own(viewer);
    res.json(user ? await present.user(user) : null);
  });

  router.put("/me", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const user = await services.users.updateProfile(viewer, {
      displayName: body.display_name,
      username: body.username,
      bio: body.bio,
      photoMediaId: body.profile_photo_id ?? body.profile_photo,
    });
    res.json(await present.user(user));
  });

  router.get("/check-username/:username", async (req, res) => {
    const { viewer } = restContext(req, services);
    res.json({ available: await services.users.usernameAvailable(viewer, String(req.params.username)) });
  });

  return router;
}
