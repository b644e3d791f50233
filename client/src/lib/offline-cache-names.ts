/**
 * Names of the service worker's runtime caches of /media (client/build/pwa-options.ts); the app
 * deletes every cache with this prefix at logout (./offline-store.ts).
 */
export const MEDIA_CACHE_PREFIX = "keepsake-media";

/**
 * localStorage mark "someone is signed in on this browser", set by the session loader and removed
 * at logout; the landing page (src/landing/main.ts) reads it to offer "Open Keepsake".
 */
export const SIGNED_IN_MARK = "keepsake:signed-in";

/** localStorage mark "Saved for offline" was said for the account kept here (./offline-ready.ts). */
export const OFFLINE_READY_SAID = "keepsake:offline-ready-said";
