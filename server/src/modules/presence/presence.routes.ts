import express, { type Router } from "express";
import { restContext } from "../../web/present.js";
import { requireAuth } from "../../http/require-auth.js";
import type { Services } from "../../web/services.js";
import { REST_FIELDS, type Preferences } from "./preferences.rules.js";

/** REST shape of the preferences (snake_case). */
export function restPreferences(p: Preferences) {
  return {
    push: p.push,
    email_digest: p.emailDigest,
    digest_hour: p.digestHour,
    time_zone: p.timeZone,
    quiet_start: p.quietStart,
    quiet_end: p.quietEnd,
    muted_timeline_ids: p.mutedTimelineIds,
  };
}

/** `/api/users/me/notification-preferences` (docs/decisions/035-presence.md). */
export function preferencesRoutes(services: Services): Router {
  const router = express.Router();

  router.get("/me/notification-preferences", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    res.json(restPreferences(await services.preferences.own(viewer)));
  });

  router.put("/me/notification-preferences", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const change = Object.fromEntries(
      (Object.keys(REST_FIELDS) as (keyof Preferences)[]).map((k) => [k, body[REST_FIELDS[k]]]),
    );
    res.json(restPreferences(await services.preferences.update(viewer, change, REST_FIELDS)));
  });

  /** "Send me a preview now": the last week's digest, at once (202: it is queued). */
  router.post("/me/digest/preview", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    await services.digest.preview(viewer);
    res.status(202).json({ success: true });
  });

  return router;
}

/** `/api/push`: the VAPID key and this device's subscription (docs/decisions/035-presence.md). */
export function pushRoutes(services: Services): Router {
  const router = express.Router();

  router.get("/public-key", (_req, res) => {
    res.json({ public_key: services.push.publicKey });
  });

  router.post("/subscriptions", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    res.status(201).json(await services.push.subscribe(viewer, req.sessionID ?? null, req.body));
  });

  router.delete("/subscriptions", requireAuth, async (req, res) => {
    const { viewer } = restContext(req, services);
    const body = (req.body ?? {}) as Record<string, unknown>;
    res.json({ success: await services.push.unsubscribe(viewer, body.endpoint) });
  });

  return router;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">` +
  `<h1 style="font-size:1.25rem">${title}</h1>${body}</body></html>`;

/**
 * `/api/digest/unsubscribe?token=…` (RFC 8058): a POST, from a mail client without session or
 * Origin (the origin guard's one exception), turns the digest off; a GET (a person following the
 * link, or a scanner) changes nothing and shows a button that POSTs.
 */
export function digestRoutes(services: Services): Router {
  const router = express.Router();

  router.get("/unsubscribe", (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const token = String(req.query.token ?? "");
    res
      .type("html")
      .send(
        page(
          "Stop the Keepsake digest?",
          `<form method="post" action="?token=${encodeURIComponent(token)}"><button type="submit">Stop these e-mails</button></form>`,
        ),
      );
  });

  router.post("/unsubscribe", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    await services.digest.unsubscribe(req.query.token);
    if (req.accepts(["json", "html"]) === "json") return void res.json({ success: true });
    res
      .type("html")
      .send(page("You will get no more digests", "<p>You can turn it on again in Profile → Notifications.</p>"));
  });

  return router;
}
