import { MEDIA_CACHE_PREFIX } from "../../../lib/offline-cache-names";

/**
 * Photos and videos shared to the installed app (docs/decisions/058-add-many-and-share-target.md):
 * the service worker (public/share-target-sw.js) keeps each shared file in this cache under
 * `/shared/<batch>/<n>`, with its name and last change in headers. The name begins with the media
 * caches' prefix, so a logout removes them with the account's other media (src/lib/offline-store.ts).
 */
export const SHARED_CACHE = `${MEDIA_CACHE_PREFIX}-shared`;
export const SHARE_TARGET_PATH = "/app/share-target";
/** The form field the manifest's share_target names for the files. */
export const SHARED_FILES_FIELD = "media";

async function batchRequests(batch: string): Promise<{ cache: Cache; requests: Request[] } | null> {
  if (typeof caches === "undefined" || !/^[\w-]+$/.test(batch)) return null;
  const cache = await caches.open(SHARED_CACHE);
  const prefix = `/shared/${batch}/`;
  const requests = (await cache.keys())
    .filter((request) => new URL(request.url).pathname.startsWith(prefix))
    .sort((a, b) => Number(a.url.split("/").pop()) - Number(b.url.split("/").pop()));
  return { cache, requests };
}

/** How many files a share brought. */
export async function sharedCount(batch: string): Promise<number> {
  return (await batchRequests(batch).catch(() => null))?.requests.length ?? 0;
}

/** The files of a share, as the picker would give them. */
export async function sharedFiles(batch: string): Promise<File[]> {
  const found = await batchRequests(batch).catch(() => null);
  if (!found) return [];
  const files = await Promise.all(
    found.requests.map(async (request, n) => {
      const response = await found.cache.match(request);
      if (!response) return null;
      const blob = await response.blob();
      const name = decodeURIComponent(response.headers.get("x-file-name") ?? "") || `shared-${n + 1}`;
      const lastModified = Number(response.headers.get("x-last-modified")) || Date.now();
      return new File([blob], name, { type: response.headers.get("content-type") ?? blob.type, lastModified });
    }),
  );
  return files.filter((file): file is File => file !== null);
}

/** Forgets a share once its memories are made. */
export async function forgetShared(batch: string): Promise<void> {
  const found = await batchRequests(batch).catch(() => null);
  if (found) await Promise.all(found.requests.map((request) => found.cache.delete(request)));
}
