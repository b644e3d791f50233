import express, { type Router } from "express";
import { idOf, restContext } from "../../web/present.js";
import { restPageRequest, setNextLink } from "../../http/paging.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";
import { memoryOrder, parseMemorySort } from "./memory-order.js";

/** The spec's names for an earlier upload (docs/product.md §7): media_public_id, media_id or public_id. */
function mediaIdField(body: Record<string, unknown>): string | undefined {
  for (const v of [body.media_public_id, body.media_id, body.public_id]) if (typeof v === "string" && v) return v;
  return undefined;
}

/** docs/product.md §7 Memories. */
export function memoryRoutes(services: Services): Router {
  const router = express.Router();
  router.use(requireAuth);

  /** "On this day" in the person's time zone (docs/decisions/035-presence.md). */
  router.get("/on-this-day", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const { timeZone } = await services.preferences.own(viewer);
    res.json(await present.memories(await services.memories.onThisDay(viewer, timeZone)));
  });

  router.get("/filter", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const sort = parseMemorySort(req.query.sort);
    const page = await services.memories.pageByTimeline(
      viewer,
      idOf(req.query.timeline_id),
      sort,
      restPageRequest(req, memoryOrder(sort)),
    );
    setNextLink(req, res, page);
    res.json(await present.memories(page.items));
  });

  // The same photo twice (docs/decisions/050-trip-uploads.md): the client's SHA-256 of a file,
  // asked before sending it; answers only within a timeline the asker is part of.
  router.get("/duplicate", async (req, res) => {
    const { viewer } = restContext(req, services);
    const duplicateOf = await services.memories.duplicateOf(viewer, idOf(req.query.timeline_id), req.query.sha256);
    res.setHeader("Cache-Control", "no-store");
    res.json({ duplicate_of: duplicateOf });
  });

  router.get("/profile/:identifier", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const sort = parseMemorySort(req.query.sort);
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
      mediaId: mediaIdField(body),
      mediaUrl: body.media_url,
      mediaIds: body.media_public_ids,
      caption: body.caption,
      location: body.location,
      memoryDate: body.memory_date,
      meaning: body.meaning,
      privacy: body.privacy,
    });
    res.status(201).json(await present.memory(memory));
  });

  /**
   * {caption, location, memory_date, meaning} and optionally a new cover (media_public_id or
   * media_url) or all the media in a new order (media_public_ids, docs/decisions/051-several-photos-per-memory.md); `partner_meaning` from the timeline's other participant only
   * (docs/decisions/027-two-voices.md); `privacy` (null: the timeline's), 202 when it waits for consent.
   */
  router.put("/:id", async (req, res) => {
    const { viewer, present } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { memory, privacy } = await services.memories.updateAndReport(viewer, {
      id: String(req.params.id),
      caption: body.caption,
      location: body.location,
      memoryDate: body.memory_date,
      meaning: body.meaning,
      partnerMeaning: body.partner_meaning,
      mediaId: mediaIdField(body),
      mediaUrl: body.media_url,
      mediaIds: body.media_public_ids,
      privacy: body.privacy,
    });
    // 202: a wider tier waits for the other participant (docs/decisions/052-memory-privacy.md)
    res.status(privacy === "requested" ? 202 : 200).json(await present.memory(memory));
  });

  router.delete("/:id", async (req, res) => {
    const { viewer } = restContext(req, services);
    const out = await services.memories.delete(viewer, String(req.params.id));
    res.json({ success: true, _id: out.deletedId, id: out.deletedId, timeline_id: out.timelineId });
  });

  return router;
}
