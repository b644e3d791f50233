import express, { type Router } from "express";
import { requireAuth } from "../../http/require-auth.js";
import { notFound, tooLarge } from "../../lib/errors.js";
import type { Services } from "../../web/services.js";
import { uploadResult } from "./media.routes.js";
import { CHUNK_MAX_BYTES, OWNER_HEADER, RESUMABLE_MESSAGES } from "./resumable-uploads.js";

/**
 * `/api/uploads`: resumable uploads, tus 1.0.0 (docs/decisions/050-trip-uploads.md), behind the
 * same origin guard (app.ts, which lets `application/offset+octet-stream` through here only),
 * session, limits and quota as `POST /api/upload/file`. The tus server (resumable-uploads.ts)
 * answers the protocol; this router decides who may: signed in, creating within the limits,
 * touching only their own uploads, in chunks of at most 8 MiB. `GET {Location}/result` answers
 * the upload result once the file is ingested (202 `{status: "processing"}` until then).
 */
export function resumableUploadsRouter(services: Services): Router {
  const router = express.Router();
  const resumable = services.resumable;
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  router.use(requireAuth);

  router.get("/:id/result", async (req, res) => {
    const id = String(req.params.id);
    if (!resumable.owns(req.userId!, id)) throw notFound("Upload not found");
    // from PostgreSQL: whichever process finished the upload (docs/decisions/056-resumable-uploads-shared.md)
    const outcome = await resumable.outcome(req.userId!, id);
    if (!outcome || outcome.state === "receiving") throw notFound("Upload not found");
    if (outcome.state === "processing") return void res.status(202).json({ status: "processing" });
    if (outcome.state === "failed") throw outcome.error;
    res.status(200).json(uploadResult(services, outcome.ingested));
  });

  router.post("/", async (req, _res, next) => {
    await resumable.admitCreation(req.userId!, req.get("upload-length"));
    next();
  });

  router.all(["/:id"], (req, _res, next) => {
    if (!resumable.owns(req.userId!, String(req.params.id))) throw notFound("Upload not found");
    if (req.method === "PATCH" && Number(req.get("content-length") ?? 0) > CHUNK_MAX_BYTES) {
      throw tooLarge(RESUMABLE_MESSAGES.chunk);
    }
    next();
  });

  router.all(["/", "/:id"], async (req, res) => {
    // the session's user for the tus server's naming function; never a value the client sent
    setOwner(req, req.userId!);
    // the tus server reads the whole path, as it was asked
    req.url = req.originalUrl;
    await (await resumable.tus()).tus.handle(req, res);
  });
  return router;
}

/** Sets the owner header (the tus server reads the raw header list), dropping any the client sent. */
function setOwner(req: express.Request, userId: string): void {
  const raw: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== OWNER_HEADER) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  raw.push(OWNER_HEADER, userId);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  req.headers[OWNER_HEADER] = userId;
}

/**
 * OPTIONS `/api/uploads`: the tus server's capabilities (Tus-Version, Tus-Extension, Tus-Max-Size),
 * asked by tus clients without a session; mounted before the router.
 */
export function resumableOptions(services: Services): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "OPTIONS") return next();
    req.url = req.originalUrl;
    services.resumable
      .tus()
      .then(({ tus }) => tus.handle(req, res))
      .catch(next);
  };
}
