import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";

/**
 * `POST /api/timelines/{id}/remind` → `{remindable_at}`, 429 within a day of the last reminder;
 * `POST /api/timelines/{id}/invite-link` → `{url, expires_at}`
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md).
 */
export function reminderAndLinkRoutes(services: Services): Router {
  const router = express.Router();

  router.post("/:id/remind", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    const t = await services.reminders.remind(viewer, String(req.params.id));
    const next = (await services.reminders.remindableAt(viewer, t)) ?? new Date();
    res.json({ remindable_at: next.toISOString() });
  });

  router.post("/:id/invite-link", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    const link = await services.inviteLinks.create(viewer, String(req.params.id));
    res.status(201).json({ url: link.url, expires_at: link.expiresAt.toISOString() });
  });

  return router;
}

/** `POST /api/invite-links/open` `{token}` → the proposal, for its invited person only. */
export function openInviteLinkRoutes(services: Services): Router {
  const router = express.Router();
  router.post("/open", requireAuth, async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json(await present.timeline(await services.inviteLinks.open(viewer, body.token)));
  });
  return router;
}
