import express, { type Router } from "express";
import { restContext } from "../../http/present.js";
import { requireAuth } from "../../http/require-auth.js";
import { badInput } from "../../lib/errors.js";
import type { Services } from "../../services.js";
import { parseUserFilter } from "./people-lookup.js";
import { mediaIdIn } from "../../lib/uuid.js";

/** Accepts a media id, or a /media/<id>/… URL handed out earlier (spec's profile_photo is a URL). */
function mediaIdOf(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value !== "string") throw badInput("Invalid profile photo");
  const id = mediaIdIn(value);
  if (!id) throw badInput("Invalid profile photo");
  return id;
}

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
    const { present } = restContext(req, services);
    const user = await services.users.findById(req.userId!);
    res.json(user ? await present.user(user) : null);
  });

  router.put("/me", async (req, res) => {
    const { present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const current = await services.users.findById(req.userId!);
    const photo = mediaIdOf(body.profile_photo_id ?? body.profile_photo);
    const user = await services.users.updateProfile(req.userId!, {
      displayName: body.display_name,
      username: body.username,
      bio: body.bio,
      // an unchanged photo URL re-sent by the client is not a change
      photoMediaId: photo !== undefined && photo === current?.profilePhotoId ? undefined : photo,
    });
    res.json(await present.user(user));
  });

  router.get("/check-username/:username", async (req, res) => {
    res.json({ available: await services.users.usernameAvailable(req.userId!, String(req.params.username)) });
  });

  return router;
}
