import type { Request, RequestHandler, Response } from "express";
import type { Clock } from "../lib/clock.js";
import type { Logger } from "../lib/logger.js";
import { checkSessionAnswer } from "../modules/auth/auth.routes.js";
import type { Services } from "./services.js";
import { sessionUserId } from "../http/session.js";

/**
 * The first screen's data in its HTML (docs/decisions/029-first-load-and-shell.md): for a request
 * with a live session, the server answers what the app would ask first, the session check and the
 * screen's first query, run through the same REST presenter and the same GraphQL server (schema,
 * context, loaders, access checks) as the app's own requests, for the session's person. The app
 * writes both into its cache before the router starts (client/src/lib/first-data.ts), so the
 * first screen needs no round trip. No session, an expired one or a failure: no data, and the app
 * asks as before.
 */
export interface FirstQuery {
  /** the operation's name, which the app maps to its document */
  name: string;
  /** the query's text (client/build/first-screens.ts) */
  document: string;
  /** each variable's query-string parameter */
  variables: Record<string, string>;
}

export interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: readonly unknown[];
}

export interface FirstDataDeps {
  /** express-session, as on /api and /graphql */
  session: RequestHandler;
  clock: Clock;
  services: Services;
  logger: Logger;
  /** one operation through the app's GraphQL server, with the request's own context */
  execute(req: Request, res: Response, query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer>;
}

/** What the page embeds for the app (client/src/lib/first-data.ts). */
export interface EmbeddedFirstData {
  session: Awaited<ReturnType<typeof checkSessionAnswer>>;
  query: { name: string; variables: Record<string, unknown>; data: Record<string, unknown> } | null;
}

/**
 * What the HTML of a first screen gets: nothing for a visitor, else the data and the preloads
 * (`head`; the first image's preload in `early`, for the top of `<head>`), and the embedded
 * answers themselves for the screen's server render (./first-screen-render.ts).
 */
export type FirstDataOutcome =
  { signedIn: false } | { signedIn: true; head: string; early?: string; embedded?: EmbeddedFirstData };

export type FirstData = (req: Request, res: Response, query: FirstQuery | undefined) => Promise<FirstDataOutcome>;

/** The element id the app reads (client/src/lib/first-data.ts). */
export const FIRST_DATA_ID = "first-data";

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` (so no `</script>` or `<!--`
 * ends or changes it) and U+2028/U+2029 are written as `\u` escapes, which JSON reads back as the
 * same characters.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

interface StripMedia {
  type?: string;
  url?: string | null;
  thumbUrl?: string | null;
  posterUrl?: string | null;
}

/** The strip's first round image, as the strip chooses it (client memory-strip.tsx `roundImageFor`). */
export function firstStripImage(data: Record<string, unknown> | null | undefined): string | null {
  const timeline = data?.timeline as {
    memories?: { edges?: Array<{ node?: { cover?: StripMedia; media?: StripMedia | StripMedia[] } }> };
  } | null;
  // the memory's cover (docs/decisions/051-several-photos-per-memory.md), which the app's query
  // names `media` (client/src/features/memories/api/memory-viewer.graphql)
  const node = timeline?.memories?.edges?.[0]?.node;
  const media = node?.cover ?? (Array.isArray(node?.media) ? node.media[0] : node?.media);
  if (!media) return null;
  if (media.type === "VIDEO") return media.posterUrl ?? media.thumbUrl ?? null;
  return media.thumbUrl ?? media.url ?? null;
}

function runSession(session: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void session(req, res, (err?: unknown) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(),
    );
  });
}

function variablesOf(req: Request, names: Record<string, string>): Record<string, unknown> | null {
  const variables: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(names)) {
    const value = req.query[param];
    const text = typeof value === "string" ? value.trim() : "";
    if (!text) return null; // the screen sends such a request elsewhere; nothing to answer
    variables[name] = text;
  }
  return variables;
}

export function firstData(deps: FirstDataDeps): FirstData {
  return async (req, res, query) => {
    try {
      await runSession(deps.session, req, res);
      req.userId = sessionUserId(req, deps.clock.now());
      if (!req.userId) return { signedIn: false };
      const variables = query ? variablesOf(req, query.variables) : null;
      const [session, answer] = await Promise.all([
        checkSessionAnswer(req, deps.services),
        query && variables ? deps.execute(req, res, query.document, variables) : Promise.resolve(null),
      ]);
      if (!session.isAuthenticated) return { signedIn: false };
      // an answer with errors is not embedded: the app asks again and shows what GraphQL says
      const data = answer && !answer.errors?.length && answer.data ? answer.data : null;
      const embedded: EmbeddedFirstData = {
        session,
        query: data && variables ? { name: query!.name, variables, data } : null,
      };
      const image = data ? firstStripImage(data) : null;
      const preload = image
        ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image)}">`
        : "";
      return {
        signedIn: true,
        early: preload,
        head: `<script type="application/json" id="${FIRST_DATA_ID}">${scriptJson(embedded)}</script>`,
        embedded,
      };
    } catch (err) {
      // the page is still served, without data: the app asks the server itself
      deps.logger.warn({ err }, "first screen data failed");
      return { signedIn: false };
    }
  };
}
