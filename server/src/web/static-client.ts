import fs from "node:fs";
import path from "node:path";
import express, { type Router } from "express";
import type { FirstData } from "./first-data.js";
import type { FirstScreenRenderer } from "./first-screen-render.js";
import { firstScreenPages, SESSION_COOKIE } from "./first-screen.js";

/** Paths that belong to the server and never fall back to the client's HTML. */
export const SERVER_PATHS = /^\/(api|graphql|media|livez|readyz)(\/|$)/;

/** The public site has its own light pages (issue: landing without the app's code). */
const SITE_PAGES: Record<string, string> = { "/": "landing.html", "/privacy": "privacy.html", "/terms": "terms.html" };

/**
 * Serves the production build of the client from the same port, with history fallback for
 * client routes. Hashed assets are cached for a year; HTML and the service worker never.
 */
export function staticClient(distDir: string, firstData?: FirstData, renderer?: FirstScreenRenderer): Router {
  const router = express.Router();
  if (!fs.existsSync(path.join(distDir, "index.html"))) return router;
  const noStore = (res: express.Response) => res.setHeader("Cache-Control", "no-cache");
  const firstScreens = firstScreenPages(distDir);

  router.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        else noStore(res);
      },
    }),
  );
  router.use(async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || SERVER_PATHS.test(req.path)) return next();
    if (path.extname(req.path) && !req.path.endsWith(".html")) return next(); // a missing asset is a 404
    const page = SITE_PAGES[req.path.replace(/\/+$/, "") || "/"];
    const file = page && fs.existsSync(path.join(distDir, page)) ? page : "index.html";
    noStore(res);
    if (req.path.startsWith("/auth/verify")) res.setHeader("Referrer-Policy", "no-referrer");
    // A signed-in first screen: index.html with its chunks preloaded, its heading and, for a live
    // session, the person's first data (./first-screen.ts, ./first-data.ts).
    const screen = file === "index.html" ? firstScreens.screenFor(req.path) : null;
    if (!screen) return res.sendFile(path.join(distDir, file));
    // It differs with the session cookie: kept by no cache, shared or not.
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Vary", "Cookie");
    const cookie = req.headers.cookie;
    const outcome =
      cookie && SESSION_COOKIE.test(cookie)
        ? firstData
          ? await firstData(req, res, screen.query)
          : { signedIn: true as const, head: "" }
        : { signedIn: false as const };
    if (!outcome.signedIn) return res.type("html").send(screen.signedOut);
    // The screen itself, rendered from the answers the page carries (./first-screen-render.ts).
    const query = outcome.embedded?.query;
    const body =
      renderer && query
        ? await renderer.render({
            pathname: req.path,
            search: new URL(req.originalUrl, "http://localhost").search,
            session: outcome.embedded!.session,
            query,
          })
        : null;
    res.type("html").send(screen.signedIn({ head: outcome.head, early: outcome.early ?? "", body }));
  });
  return router;
}
