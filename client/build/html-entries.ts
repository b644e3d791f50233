/**
 * The HTML entry points of the client build. The server maps routes onto the built files:
 *   /          → dist/landing.html   (public landing page)
 *   /privacy   → dist/privacy.html
 *   /terms     → dist/terms.html
 *   any other client route → dist/index.html (the signed-in app, /login, /auth/verify)
 */
export const htmlEntries = {
  index: "index.html",
  landing: "landing.html",
  privacy: "privacy.html",
  terms: "terms.html",
} as const;

/** Request paths served by a static page instead of the app shell (used by the dev server too). */
export const staticPagePaths: Readonly<Record<string, string>> = {
  "/": "/landing.html",
  "/privacy": "/privacy.html",
  "/terms": "/terms.html",
};

/** Paths that belong to the server, never to the client router or the service worker. */
export const serverPathPrefixes = ["/graphql", "/api", "/media", "/livez", "/readyz"] as const;
