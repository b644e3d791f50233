import express, { type Router } from "express";
import { restContext } from "../../http/present.js";
import { requireAuth } from "../../http/require-auth.js";
import { badInput } from "../../lib/errors.js";
import type { Services } from "../../services.js";
import type { UserFilter } from "./user.service.js";

/** A query value that may be JSON-encoded (spec §7: "object values are JSON-encoded"). */
function decode(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const v = value.trim();
  if (v.startsWith("{") || v.startsWith("[")) {
    try {
      return JSON.parse(v);
    } catch {
      throw badInput("Invalid filter");
    }
  }
  return value;
}

/** Accepts a media id, or a /media/<id>/… URL handed out earlier (spec's profile_photo is a URL). */
function mediaIdOf(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === "") return null;
  if (typeof value !== "string") throw badInput("Invalid profile photo");
  const m = /(?:^|\/media\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i.exec(value);
  if (!m) throw badInput("Invalid profile photo");
  return m[1]!.toLowerCase();
}

/** spec §7 Users: /users/filter, /users/me, /users/check-username/{username}. */
export function userRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  router.get("/filter", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const criteria: UserFilter = {};
    if (req.query.email !== undefined) criteria.email = decode(req.query.email) as UserFilter["email"];
    if (req.query.username !== undefined) criteria.username = String(req.query.username);
    if (criteria.email === undefined && criteria.username === undefined) throw badInput("Filter by email or username");
    const users = await services.users.filter(viewer, criteria);
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
