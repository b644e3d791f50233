import express, { type Router } from "express";
import { restContext } from "../../http/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../services.js";

/** docs/product.md §7 Timelines. GET /timelines answers only the caller's own (docs/decisions/003-privacy-tiers.md). */
export function timelineRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  router.get("/", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    res.json(await present.timelines(await services.timelines.listOwn(viewer)));
  });

  /** The caller's own timelines filtered by simple equality (status, privacy, is_active, id). */
  router.get("/filter", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const q = req.query as Record<string, unknown>;
    const own = await services.timelines.listOwn(viewer);
    const matches = own.filter(
      (t) =>
        (q.status === undefined || t.status === q.status) &&
        (q.privacy === undefined || t.privacy === q.privacy) &&
        (q.is_active === undefined || String(t.isActive) === String(q.is_active)) &&
        (q.id === undefined || t.id === q.id) &&
        (q._id === undefined || t.id === q._id),
    );
    res.json(await present.timelines(matches));
  });

  router.get("/user/:identifier", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const person = await services.users.findByIdentifier(viewer, String(req.params.identifier));
    res.json(await present.timelines(await services.timelines.userTimelines(viewer, person)));
  });

  router.post("/", async (req, res) => {
    const { present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const t = await services.timelines.create(req.userId!, {
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
    const t = await services.timelines.update(viewer, {
      id: String(req.params.id),
      title: body.title,
      privacy: body.privacy,
    });
    res.json(await present.timeline(t));
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
