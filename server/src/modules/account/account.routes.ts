import { pipeline } from "node:stream/promises";
import express, { type Router } from "express";
import { requestViewer } from "../../http/request-viewer.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";
import { endSession } from "../auth/auth.http.js";

/**
 * `GET /api/users/me/export` and `DELETE /api/users/me` (docs/product.md §7 Users,
 * docs/decisions/023-export-and-deletion.md). Mounted before the other /users routes.
 */
export function accountRoutes(services: Services): Router {
  const router = express.Router();

  router.get("/me/export", requireAuth, async (req, res) => {
    // `?check=1`: 204 when an export would be admitted now, else its 429; nothing is counted
    if (req.query.check === "1") {
      await services.exports.check(requestViewer(req, services));
      res.status(204).setHeader("Cache-Control", "no-store").end();
      return;
    }
    const archive = await services.exports.open(requestViewer(req, services));
    res.status(200);
    res.setHeader("Content-Type", "application/zip");
    res.setHeader("Content-Disposition", `attachment; filename="${archive.filename}"`);
    res.setHeader("Cache-Control", "no-store");
    try {
      await pipeline(archive.stream, res);
    } catch (err) {
      // headers are gone: the only honest answer left is a cut connection (the download fails)
      req.log?.warn({ err }, "export stream failed");
      res.destroy();
    }
  });

  router.delete("/me", requireAuth, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    await services.accountDeletion.deleteAccount(requestViewer(req, services), body.confirm);
    await endSession(req, res, services.auth.env);
    res.json({ success: true, message: "Your account and everything you added are deleted." });
  });

  return router;
}
