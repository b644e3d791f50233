import express, { type Router } from "express";
import { idOf, restContext } from "../../http/present.js";
import { restPageRequest, setNextLink } from "../../http/paging.js";
import { requireAuth } from "../../http/require-auth.js";
import { badInput } from "../../lib/errors.js";
import type { Services } from "../../services.js";
import { MEMORY_SORTS, memoryOrder, type MemorySort } from "./memory.service.js";
import { mediaIdIn } from "../../lib/uuid.js";

function sortOf(value: unknown): MemorySort {
  if (value === undefined || value === "") return "-memory_date";
  if (typeof value === "string" && (MEMORY_SORTS as readonly string[]).includes(value)) return value as MemorySort;
  throw badInput(`sort must be one of ${MEMORY_SORTS.join(", ")}`);
}

/** The media of a memory from the upload result: media_public_id (or media_id, or an id inside media_url). */
function mediaIdOf(body: Record<string, unknown>): string | undefined {
  for (const v of [body.media_public_id, body.media_id, body.public_id]) if (typeof v === "string" && v) return v;
  if (typeof body.media_url === "string") {
    return body.media_url.includes("/media/") ? mediaIdIn(body.media_url) : undefined;
  }
  return undefined;
}

/** docs/product.md §7 Memories. */
export function memoryRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  router.get("/filter", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const timelineId = idOf(req.query.timeline_id);
    if (!timelineId) throw badInput("timeline_id is required");
    const sort = sortOf(req.query.sort);
    const page = await services.memories.pageByTimeline(
      viewer,
      timelineId,
      sort,
      restPageRequest(req, memoryOrder(sort)),
    );
    setNextLink(req, res, page);
    res.json(await present.memories(page.items));
  });

  router.get("/profile/:identifier", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const sort = sortOf(req.query.sort);
    const pageReq = restPageRequest(req, memoryOrder(sort));
    const person = await services.users.findByIdentifier(viewer, String(req.params.identifier));
    const page = await services.memories.profileMemoriesPage(viewer, person, sort, pageReq);
    setNextLink(req, res, page);
    res.json(await present.memories(page.items));
  });

  router.get("/:id", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const memory = await services.memories.findVisible(viewer, String(req.params.id));
    if (!memory) return void res.status(404).json({ error: "Memory not found" });
    res.json(await present.memory(memory));
  });

  router.post("/", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const memory = await services.memories.create(viewer, {
      timelineId: idOf(body.timeline_id) ?? "",
      mediaId: mediaIdOf(body),
      caption: body.caption,
      location: body.location,
      memoryDate: body.memory_date,
      meaning: body.meaning,
    });
    res.status(201).json(await present.memory(memory));
  });

  /**
   * {caption, location, memory_date, meaning} and optionally new media (media_public_id or
   * media_url); `partner_meaning` from the timeline's other participant only
   * (docs/decisions/027-two-voices.md).
   */
  router.put("/:id", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const current = await services.memories.findVisible(viewer, String(req.params.id));
    const mediaId = mediaIdOf(body);
    const memory = await services.memories.update(viewer, {
      id: String(req.params.id),
      caption: body.caption,
      location: body.location,
      memoryDate: body.memory_date,
      meaning: body.meaning,
      partnerMeaning: body.partner_meaning,
      // the current media re-sent unchanged is not a replacement
      mediaId: mediaId && mediaId !== current?.mediaId ? mediaId : undefined,
    });
    res.json(await present.memory(memory));
  });

  router.delete("/:id", async (req, res) => {
    const { viewer } = restContext(req, services);
    const out = await services.memories.delete(viewer, String(req.params.id));
    res.json({ success: true, _id: out.deletedId, id: out.deletedId, timeline_id: out.timelineId });
  });

  return router;
}
