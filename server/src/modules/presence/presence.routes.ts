import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";
import { REST_FIELDS, type Preferences } from "./preferences.rules.js";

/** REST shape of the preferences (snake_case). */
export function restPreferences(p: Preferences) {
  return {
    push: p.push,
    email_digest: p.emailDigest,
    digest_hour: p.digestHour,
    time_zone: p.timeZone,
    quiet_start: p.quietStart,
    quiet_end: p.quietEnd,
    muted_timeline_ids: p.mutedTimelineIds,
  };
}

/** `/api/users/me/notification-preferences` (docs/decisions/035-presence.md). */
export function preferencesRoutes(services: Services): Router {
  const router = express.Router();

  router.get("/me/notification-preferences", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    res.json(restPreferences(await services.preferences.own(viewer)));
  });

  router.put("/me/notification-preferences", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const change = Object.fromEntries(
      (Object.keys(REST_FIELDS) as (keyof Preferences)[]).map((k) => [k, body[REST_FIELDS[k]]]),
    );
    res.json(restPreferences(await services.preferences.update(viewer, change, REST_FIELDS)));
  });

  return router;
}

/** `/api/push`: the VAPID key and this device's subscription (docs/decisions/035-presence.md). */
export function pushRoutes(services: Services): Router {
  const router = express.Router();

  router.get("/public-key", (_req, res) => {
    res.json({ public_key: services.push.publicKey });
  });

  router.post("/subscriptions", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    res.status(201).json(await services.push.subscribe(viewer, req.sessionID ?? null, req.body));
  });

  router.delete("/subscriptions", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json({ success: await services.push.unsubscribe(viewer, body.endpoint) });
  });

  return router;
}
