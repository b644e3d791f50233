import type { VitePWAOptions } from "vite-plugin-pwa";
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
  // Registered by hand in src/main.tsx through `virtual:pwa-register`.
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
    orientation: "portrait",
    theme_color: themeColor,
    background_color: backgroundColor,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    // Only the built assets are precached; nothing is cached at run time.
    globPatterns: ["**/*.{js,css,html,svg,png,ico,webmanifest,woff2}"],
    navigateFallback: "/index.html",
    navigateFallbackDenylist,
    // "/" must not resolve to the precached app shell (index.html): it is the landing page.
    directoryIndex: "landing.html",
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
  devOptions: { enabled: false },
};
