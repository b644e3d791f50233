/*
 * The installed app as a share target for photos and videos
 * (docs/decisions/058-add-many-and-share-target.md), imported by the generated service worker
 * (build/pwa-options.ts, workbox importScripts). The manifest's share_target POSTs the shared files
 * (multipart/form-data, field "media") to /app/share-target: they are kept in Cache Storage (the
 * cache src/features/memories/add-many/shared-files.ts reads, named with the media caches' prefix
 * so a logout removes it), and the answer is a 303 to the page that asks which timeline, which
 * then opens Add many with them.
 */
/* global self, caches, Response */
const SHARED_CACHE = "keepsake-media-shared";
const SHARE_PATH = "/app/share-target";
const MAX_SHARED = 100;

const isMedia = (file) =>
  !!file && typeof file === "object" && typeof file.arrayBuffer === "function" && /^(image|video)\//.test(file.type);

async function keepShared(request) {
  const origin = self.location.origin;
  try {
    const form = await request.formData();
    const files = form.getAll("media").filter(isMedia).slice(0, MAX_SHARED);
    const batch = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const cache = await caches.open(SHARED_CACHE);
    await Promise.all(
      files.map((file, n) =>
        cache.put(
          new URL(`/shared/${batch}/${n}`, origin).href,
          new Response(file, {
            headers: {
              "content-type": file.type,
              "x-file-name": encodeURIComponent(file.name || ""),
              "x-last-modified": String(file.lastModified || Date.now()),
            },
          }),
        ),
      ),
    );
    return Response.redirect(new URL(`${SHARE_PATH}?batch=${batch}`, origin).href, 303);
  } catch {
    return Response.redirect(new URL(`${SHARE_PATH}?failed=1`, origin).href, 303);
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "POST") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname !== SHARE_PATH) return;
  event.respondWith(keepShared(request));
});
