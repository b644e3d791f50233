import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { restPageRequest, setNextLink } from "../../http/paging.js";
import { requireAuth } from "../../http/require-auth.js";
import { TIMELINE_ORDER } from "./timeline.reads.js";
import type { Services } from "../../web/services.js";

/** docs/product.md §7 Timelines. GET /timelines answers only the caller's own (docs/decisions/003-privacy-tiers.md). */
export function timelineRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  router.get("/", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const page = await services.timelines.ownPage(viewer, restPageRequest(req, TIMELINE_ORDER));
    setNextLink(req, res, page);
    res.json(await present.timelines(page.items));
  });

  /** The caller's own timelines filtered by simple equality (status, privacy, is_active, id), in SQL. */
  router.get("/filter", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const q = req.query as Record<string, unknown>;
    const text = (v: unknown) => (v === undefined ? undefined : String(v));
    const active = text(q.is_active);
    const page = await services.timelines.ownPage(viewer, restPageRequest(req, TIMELINE_ORDER), {
      status: text(q.status),
      privacy: text(q.privacy),
      isActive: active === undefined ? undefined : active === "true",
      id: text(q.id ?? q._id),
    });
    setNextLink(req, res, page);
    res.json(await present.timelines(page.items));
  });

  router.get("/user/:identifier", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const pageReq = restPageRequest(req, TIMELINE_ORDER);
    const person = await services.users.findByIdentifier(viewer, String(req.params.identifier));
    const page = await services.timelines.userTimelinesPage(viewer, person, pageReq);
    setNextLink(req, res, page);
    res.json(await present.timelines(page.items));
  });

  router.post("/", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const t = await services.timelines.create(viewer, {
      title: body.title,
      collaboratorId: body.collaborator_id,
      collaboratorEmail: body.collaborator_email,
      privacy: body.privacy,
    });
    res.status(201).json(await present.timeline(t));
  });

  router.get("/:id", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    res.json(await present.timeline(await services.timelines.getVisible(viewer, String(req.params.id))));
  });

  /** {title, privacy} from settings. last_activity / preview_images are kept by the server and ignored here. */
  router.put("/:id", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { timeline, privacy } = await services.timelines.updateAndReport(viewer, {
      id: String(req.params.id),
      title: body.title,
      privacy: body.privacy,
    });
    // 202: the wider tier waits for the other participant (docs/decisions/026-two-keys-privacy.md)
    res.status(privacy === "requested" ? 202 : 200).json(await present.timeline(timeline));
  });

  router.delete("/:id", async (req, res) => {
    const { viewer } = restContext(req, services);
    const id = await services.timelines.delete(viewer, String(req.params.id));
    res.json({ success: true, _id: id, id });
  });

  router.get("/:id/access", async (req, res) => {
    const { viewer } = restContext(req, services);
    res.json(await services.timelines.access(viewer, String(req.params.id)));
  });

  router.post("/:id/accept", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    res.json(await present.timeline(await services.timelines.respond(viewer, String(req.params.id), true)));
  });

  router.post("/:id/reject", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    res.json(await present.timeline(await services.timelines.respond(viewer, String(req.params.id), false)));
  });

  return router;
}
