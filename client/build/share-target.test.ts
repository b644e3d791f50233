// @vitest-environment node
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { SHARE_TARGET_PATH, SHARED_CACHE, SHARED_FILES_FIELD } from "../src/features/memories/add-many/shared-files";
import { MEDIA_CACHE_PREFIX } from "../src/lib/offline-cache-names";
import { pwaOptions } from "./pwa-options";

/**
 * The share target (docs/decisions/058-add-many-and-share-target.md): the manifest entry, and the
 * service worker's handler of the share (public/share-target-sw.js) run against a stand-in of the
 * service worker's globals.
 */

type FetchListener = (event: { request: Request; respondWith: (answer: Promise<Response>) => void }) => void;

async function loadHandler() {
  const source = await readFile(new URL("../public/share-target-sw.js", import.meta.url), "utf8");
  const listeners: FetchListener[] = [];
  const stored = new Map<string, Map<string, Response>>();
  const caches = {
    async open(name: string) {
      const entries = stored.get(name) ?? new Map<string, Response>();
      stored.set(name, entries);
      return {
        async put(url: string, response: Response) {
          entries.set(url, response);
        },
      };
    },
  };
  const self = {
    location: { origin: "https://keepsake.example" },
    addEventListener: (type: string, listener: FetchListener) => {
      if (type === "fetch") listeners.push(listener);
    },
  };
  new Function("self", "caches", source)(self, caches);
  async function share(request: Request): Promise<Response | null> {
    let answer: Promise<Response> | null = null;
    for (const listener of listeners) listener({ request, respondWith: (a) => (answer = a) });
    return answer ? await answer : null;
  }
  return { share, stored };
}

function sharedForm(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(SHARED_FILES_FIELD, file);
  form.append("text", "from the gallery");
  return form;
}

describe("the share target", () => {
  it("is declared in the manifest: POST, multipart, photos and videos, to the page the service worker handles", () => {
    expect(pwaOptions.manifest && pwaOptions.manifest.share_target).toEqual({
      action: SHARE_TARGET_PATH,
      method: "POST",
      enctype: "multipart/form-data",
      params: { files: [{ name: SHARED_FILES_FIELD, accept: ["image/*", "video/*"] }] },
    });
    expect(pwaOptions.workbox?.importScripts).toEqual(["/push-sw.js", "/share-target-sw.js"]);
  });

  it("keeps the shared photos and videos and answers 303 to the page that asks which timeline", async () => {
    const { share, stored } = await loadHandler();
    const photo = new File([new Uint8Array([0xff, 0xd8, 1, 2])], "Beach día.jpg", {
      type: "image/jpeg",
      lastModified: 1_700_000_000_000,
    });
    const video = new File([new Uint8Array([0, 0, 0, 24])], "wave.mp4", {
      type: "video/mp4",
      lastModified: 1_700_000_100_000,
    });
    const text = new File(["hello"], "note.txt", { type: "text/plain" });
    const answer = await share(
      new Request(`https://keepsake.example${SHARE_TARGET_PATH}`, {
        method: "POST",
        body: sharedForm([photo, text, video]),
      }),
    );
    expect(answer?.status).toBe(303);
    const location = new URL(answer!.headers.get("location")!);
    expect(location.pathname).toBe(SHARE_TARGET_PATH);
    const batch = location.searchParams.get("batch")!;
    expect(batch).toMatch(/^[\w-]+$/);

    // the cache the app reads, removed at logout with the other media caches
    expect(SHARED_CACHE.startsWith(MEDIA_CACHE_PREFIX)).toBe(true);
    const kept = stored.get(SHARED_CACHE)!;
    expect([...kept.keys()]).toEqual([
      `https://keepsake.example/shared/${batch}/0`,
      `https://keepsake.example/shared/${batch}/1`,
    ]);
    const first = kept.get(`https://keepsake.example/shared/${batch}/0`)!;
    expect(first.headers.get("content-type")).toBe("image/jpeg");
    expect(decodeURIComponent(first.headers.get("x-file-name")!)).toBe("Beach día.jpg");
    // a form's files carry no last change of their own: the moment of the share stands in for it
    expect(Number(first.headers.get("x-last-modified"))).toBeGreaterThan(0);
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 1, 2]));
  });

  it("leaves every other request to the rest of the service worker", async () => {
    const { share } = await loadHandler();
    expect(await share(new Request(`https://keepsake.example${SHARE_TARGET_PATH}`))).toBeNull();
    expect(await share(new Request("https://keepsake.example/api/uploads", { method: "POST", body: "x" }))).toBeNull();
    expect(
      await share(
        new Request(`https://elsewhere.example${SHARE_TARGET_PATH}`, { method: "POST", body: sharedForm([]) }),
      ),
    ).toBeNull();
  });

  it("still opens the page when the share cannot be read", async () => {
    const { share } = await loadHandler();
    const answer = await share(
      new Request(`https://keepsake.example${SHARE_TARGET_PATH}`, { method: "POST", body: "not a form" }),
    );
    expect(answer?.status).toBe(303);
    expect(answer?.headers.get("location")).toBe(`https://keepsake.example${SHARE_TARGET_PATH}?failed=1`);
  });
});
