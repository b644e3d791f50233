import type { Request, RequestHandler } from "express";
import type { Env } from "../config/env.js";

/** Methods that never change state; everything else passes the guard. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "Cross-site request refused";
export const CONTENT_TYPE_MESSAGE = "Content-Type must be application/json or multipart/form-data";

/** Why a state-changing request is refused, or null when it may go on. */
export function originRefusal(req: Request, allowedOrigins: ReadonlySet<string>, allowOwnHost: boolean): string | null {
  const site = req.get("sec-fetch-site");
  const origin = req.get("origin");
  if (site !== undefined && site !== "same-origin") return CROSS_SITE_MESSAGE;
  if (origin !== undefined) {
    const own = `${req.protocol}://${req.get("host") ?? ""}`;
    if (!allowedOrigins.has(origin) && !(allowOwnHost && origin === own)) return CROSS_SITE_MESSAGE;
  } else if (site !== "same-origin") {
    // Neither header: not a page of ours (browsers send Origin on every POST, PUT, PATCH, DELETE).
    return CROSS_SITE_MESSAGE;
  }
  const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
  if ((hasBody || req.get("content-type")) && !req.is(["application/json", "multipart/form-data"])) {
    return CONTENT_TYPE_MESSAGE;
  }
  return null;
}

/**
 * The one CSRF guard (docs/decisions/017-hostile-input.md), mounted before every router: a
 * POST/PUT/PATCH/DELETE anywhere (`/api`, uploads, `/graphql`, anything added later) must come
 * from a page of the app — `Origin` equal to APP_URL's origin, or no `Origin` and
 * `Sec-Fetch-Site: same-origin` — and carry JSON or multipart (or no body). Anything else is
 * 403 `{error}` (GraphQL: `{errors: [{message, extensions: {code: "FORBIDDEN"}}]}`), before any
 * session, body parser or service runs (`oneClickPaths`: the one-click unsubscribe URL, exempt). Outside production the request's own host also counts
 * (the Vite dev proxy forwards the browser's Origin with its own Host).
 */
export function originGuard(env: Env, oneClickPaths: readonly string[] = []): RequestHandler {
  const allowed = new Set([new URL(env.APP_URL).origin]);
  const allowOwnHost = !env.isProduction;
  const oneClick = new Set(oneClickPaths);
  return function originGuard(req, res, next) {
    if (SAFE_METHODS.has(req.method)) return next();
    // The one exception: RFC 8058 one-click unsubscribe, POSTed by a mail client without Origin or
    // session, carrying its own signed single-purpose token (docs/decisions/035-presence.md).
    if (req.method === "POST" && oneClick.has(req.path)) return next();
    const refusal = originRefusal(req, allowed, allowOwnHost);
    if (!refusal) return next();
    res.setHeader("Cache-Control", "no-store");
    res.status(403);
    if (req.path === "/graphql" || req.path.startsWith("/graphql/")) {
      return void res.json({ errors: [{ message: refusal, extensions: { code: "FORBIDDEN" } }] });
    }
    res.json({ error: refusal });
  };
}
