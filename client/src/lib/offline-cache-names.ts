/**
 * Names of the service worker's runtime caches of /media (client/build/pwa-options.ts); the app
 * deletes every cache with this prefix at logout (./offline-store.ts).
 */
export const MEDIA_CACHE_PREFIX = "keepsake-media";
