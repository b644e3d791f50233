import express, { type Router } from "express";
import { idOf, restContext } from "../../web/present.js";
import { restPageRequest, setNextLink } from "../../http/paging.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";
import { NOTIFICATION_ORDER } from "./notification.reads.js";

/** docs/product.md §7 Notifications. */
export function notificationRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  router.get("/", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const page = await services.notifications.page(viewer, restPageRequest(req, NOTIFICATION_ORDER));
    setNextLink(req, res, page);
    res.json(await present.notifications(page.items));
  });

  router.get("/unread-count", async (req, res) => {
    const { viewer } = restContext(req, services);
    res.json({ count: await services.notifications.unreadCount(viewer) });
  });

  router.put("/mark-all-read", async (req, res) => {
    const { viewer } = restContext(req, services);
    res.json({ success: true, count: await services.notifications.markAllRead(viewer) });
  });

  router.put("/:id/read", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    res.json(await present.notification(await services.notifications.markRead(viewer, String(req.params.id))));
  });

  /** {timelineId, collaboratorEmail}: the server decides who is told (connections who can see it). */
  router.post("/friend-timeline-created", async (req, res) => {
    const { viewer } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const count = await services.notifications.friendTimelineCreated(viewer, idOf(body.timelineId ?? body.timeline_id));
    res.json({ success: true, count });
  });

  /** {timelineId, photoCount = 1} */
  router.post("/friend-photos-uploaded", async (req, res) => {
    const { viewer } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const count = await services.notifications.friendPhotosUploaded(
      viewer,
      idOf(body.timelineId ?? body.timeline_id),
      body.photoCount,
    );
    res.json({ success: true, count });
  });

  return router;
}
