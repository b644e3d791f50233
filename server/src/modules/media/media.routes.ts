import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import express, { type Request, type Response, type Router } from "express";
import { requestViewer } from "../../http/request-viewer.js";
import { requireAuth } from "../../http/require-auth.js";
import { badInput } from "../../lib/errors.js";
import { UNREADABLE_UPLOAD } from "../../lib/multipart-errors.js";
import type { Services } from "../../web/services.js";
import type { Ingested } from "./media.service.js";

function notFound(res: Response): void {
  res.status(404).setHeader("Cache-Control", "no-store").type("text/plain").send("Not found");
}

/**
 * GET /media/<id>/<variant>?exp=&sig= — the only way media bytes leave the server. Verifies the
 * signature and expiry, then re-checks the viewer's access on every request (docs/decisions/004-media-pipeline.md). Every
 * failure is the same 404 (no existence oracle). Images and video support HTTP Range.
 */
export function mediaRouter(services: Services): Router {
  const router = express.Router();

  router.get("/:id/:variant", async (req, res) => {
    const { id, variant } = req.params as { id: string; variant: string };
    const { exp, sig } = req.query;
    // The request's Viewer (the AccessPolicy, modules/access) decides, on every request.
    const file = await services.media.openForViewer(requestViewer(req, services), { id, variant, exp, sig });
    if (!file) return notFound(res);

    const etag = `"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;
    res.setHeader("Content-Type", file.contentType);
    res.setHeader("Cache-Control", `private, max-age=${services.media.cacheSeconds(Number(exp))}`);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Disposition", "inline");
    res.setHeader("ETag", etag);
    res.setHeader("Accept-Ranges", "bytes");

    if (matchesEtag(req.headers["if-none-match"], etag)) return void res.status(304).end();

    let range: { start: number; end: number } | undefined;
    const ifRange = req.headers["if-range"];
    if (req.headers.range && (!ifRange || ifRange === etag)) {
      const parsed = req.range(file.size, { combine: true });
      if (parsed === -1) {
        res.setHeader("Content-Range", `bytes */${file.size}`);
        return void res.status(416).end();
      }
      // A malformed header (-2), another unit, or several ranges: answer with the whole file.
      if (Array.isArray(parsed) && parsed.type === "bytes" && parsed.length === 1) range = parsed[0];
    }

    if (range) {
      res.status(206);
      res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
      res.setHeader("Content-Length", String(range.end - range.start + 1));
    } else {
      res.status(200);
      res.setHeader("Content-Length", String(file.size));
    }
    if (req.method === "HEAD") return void res.end();
    try {
      await pipeline(await services.media.storage.read(file.key, range), res);
    } catch {
      // The viewer went away mid-transfer, or the file vanished (deleted meanwhile): nothing to answer.
      if (!res.headersSent) notFound(res);
      else res.destroy();
    }
  });

  router.use((_req, res) => notFound(res));
  return router;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
}

/**
 * The REST upload answer (docs/product.md §3 "Upload result"), plus resource_type for the memory's
 * media_type, and a video's status and poster (docs/decisions/034-media-formats.md).
 */
export function uploadResult(services: Services, { media, place }: Ingested) {
  const urls = services.media.urlsFor(media);
  return {
    // the place named from the file's position (docs/decisions/050-trip-uploads.md), never the position
    place,
    file_url: urls.url,
    poster_url: urls.posterUrl,
    status: media.status,
    taken_at: media.takenAt,
    public_id: media.id,
    format: media.format,
    width: media.width,
    height: media.height,
    bytes: media.bytes,
    resource_type: media.type,
  };
}

/**
 * POST /api/upload/file — multipart form with the field `file` (docs/product.md §7 Upload). Streams the file
 * into media storage (never buffered whole); answers the upload result with a signed display URL.
 */
export function uploadRouter(services: Services): Router {
  const router = express.Router();

  router.post("/file", requireAuth, async (req, res) => {
    if (!req.is("multipart/form-data")) throw badInput('Send the file as multipart/form-data in the field "file".');
    let ingested: Ingested;
    try {
      ingested = await receiveFile(req, (stream, filename) =>
        services.media.ingestWithPlace(requestViewer(req, services), { stream, filename }),
      );
    } catch (err) {
      // Stop reading the rest of a refused upload and close the connection after answering.
      res.setHeader("Connection", "close");
      throw err;
    }
    res.status(201).json(uploadResult(services, ingested));
  });

  return router;
}

/** Runs `handle` on the multipart field "file"; other parts are skipped. */
function receiveFile(
  req: Request,
  handle: (stream: NodeJS.ReadableStream, filename: string) => Promise<Ingested>,
): Promise<Ingested> {
  return new Promise<Ingested>((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 20, fieldSize: 10_000, parts: 25, headerPairs: 50 },
      });
    } catch {
      return reject(badInput('Send the file as multipart/form-data in the field "file".'));
    }
    let started = false;
    let settled = false;
    let file: busboy.FileStream | null = null;
    /** Stops reading the rest of the body (it is drained and discarded) and rejects once. */
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(bb);
      req.resume();
      reject(err);
    };
    bb.on("file", (name, stream, info) => {
      // Heard from the moment it exists: a body cut short destroys it with an error, which may
      // come while `handle` is still awaiting the rate and quota reads, before it reads the stream.
      stream.on("error", () => undefined);
      if (name !== "file" || started) return void stream.resume();
      started = true;
      file = stream;
      handle(stream, info.filename).then(
        (media) => {
          settled = true;
          resolve(media);
        },
        (err: unknown) => fail(err),
      );
    });
    bb.on("error", () => {
      // A malformed or truncated multipart body. The ingest pipeline then fails and removes its temp file.
      const refused = badInput(UNREADABLE_UPLOAD);
      file?.destroy(refused);
      fail(refused);
    });
    bb.on("close", () => {
      if (!started) fail(badInput('No file was sent (multipart field "file").'));
    });
    // The phone went away mid-upload: end the file stream so the temp file is removed.
    req.on("close", () => {
      if (req.complete) return;
      const err = badInput("The upload was interrupted.");
      file?.destroy(err);
      fail(err);
    });
    req.pipe(bb);
  });
}
