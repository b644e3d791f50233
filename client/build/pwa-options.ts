import type { VitePWAOptions } from "vite-plugin-pwa";
import { MEDIA_CACHE_PREFIX } from "../src/lib/offline-cache-names";
import { serverPathPrefixes } from "./html-entries";

export const themeColor = "#0f766e";
export const backgroundColor = "#f7faf9";

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Navigations the service worker must never answer with the app shell. */
export const navigateFallbackDenylist: RegExp[] = [
  ...serverPathPrefixes.map((prefix) => new RegExp(`^${escapeRegExp(prefix)}`)),
  // The landing page and the legal pages are separate documents, never the app shell.
  /^\/$/,
  /^\/privacy(?:\/|\.html)?$/,
  /^\/terms(?:\/|\.html)?$/,
  /^\/landing\.html$/,
];

export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: "autoUpdate",
  // Registered by hand in src/boot.tsx through `virtual:pwa-register` (src/lib/register-service-worker.ts).
  injectRegister: null,
  includeAssets: ["favicon.svg", "icons/apple-touch-icon-180.png"],
  manifest: {
    id: "/app",
    name: "Keepsake",
    short_name: "Keepsake",
    description: "A calm, private place where two people share a timeline of memories.",
    lang: "en",
    start_url: "/app",
    scope: "/",
    display: "standalone",
    // The installed app turns with the phone: a landscape photo or video fills a turned screen.
    orientation: "any",
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    // Photos and videos shared from the phone open Add many (public/share-target-sw.js,
    // docs/decisions/058-add-many-and-share-target.md).
    share_target: {
      action: "/app/share-target",
      method: "POST",
      enctype: "multipart/form-data",
      params: { files: [{ name: "media", accept: ["image/*", "video/*"] }] },
    },
  },
  workbox: {
    // The built assets are precached. At run time only thumbnails and posters of /media are kept, for
    // the offline app (docs/decisions/020-offline-and-feedback.md): network first (the server checks
    // access on every request while online), the cache only when the network fails, bounded, and
    // deleted at logout or when another account signs in (client/src/lib/offline-store.ts).
    globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest,woff2}"],
    navigateFallback: "/index.html",
    navigateFallbackDenylist,
    // "/" must not resolve to the precached app shell (index.html): it is the landing page.
    directoryIndex: "landing.html",
    runtimeCaching: [
      {
        urlPattern: ({ url, request }) =>
          request.method === "GET" &&
          url.origin === self.location.origin &&
          /^\/media\/[^/]+\/(thumb|poster)$/.test(url.pathname),
        handler: "NetworkFirst",
        options: {
          cacheName: `${MEDIA_CACHE_PREFIX}-thumbs`,
          // every thumbnail of the timelines visited (src/lib/offline-ready.ts), not only those that were
          // on screen: 1,000 thumbnails of 320 px WebP are about 20–40 MB
          expiration: { maxEntries: 1000, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // The larger photos the timeline and the viewer show: fewer of them.
        urlPattern: ({ url, request }) =>
          request.method === "GET" &&
          url.origin === self.location.origin &&
          /^\/media\/[^/]+\/display$/.test(url.pathname),
        handler: "NetworkFirst",
        options: {
          cacheName: `${MEDIA_CACHE_PREFIX}-display`,
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
    // push notes and taps on them (public/push-sw.js, docs/decisions/035-presence.md)
    // and photos shared to the installed app (public/share-target-sw.js, docs/decisions/058-add-many-and-share-target.md)
    importScripts: ["/push-sw.js", "/share-target-sw.js"],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
  devOptions: { enabled: false },
};
