import { useEffect, useState } from "react";
import { OFFLINE_READY_SAID } from "./offline-cache-names";
import { accountRemembered } from "./offline-store";

/**
 * When the app is ready offline, and the media it keeps (docs/decisions/036-offline-truth-and-memory-urls.md).
 * The service worker (build/pwa-options.ts) precaches the app and keeps /media thumbnails in its
 * runtime caches; what it keeps is what passes through it, so media fetched here, once it controls
 * the page, lands in those bounded caches by the same route and strategy as an <img>.
 */

/** Resolves true once a service worker controls this page; false where there is none. */
export function serviceWorkerControl(): Promise<boolean> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return Promise.resolve(false);
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    serviceWorker.addEventListener("controllerchange", () => resolve(true), { once: true });
  });
}

function markSaid(): boolean {
  try {
    if (localStorage.getItem(OFFLINE_READY_SAID)) return false;
    localStorage.setItem(OFFLINE_READY_SAID, "1");
    return true;
  } catch {
    return false;
  }
}

/** How long "Saved for offline" stays on screen. */
export const SAVED_FOR_OFFLINE_MS = 5000;

/**
 * Whether to say "Saved for offline" now: once per account on this device, when the service
 * worker controls the signed-in app and the account is remembered (its data is kept from then on:
 * ./offline-store.ts), for a few seconds. The mark is removed with the rest at logout.
 */
export function useSavedForOffline(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void Promise.all([serviceWorkerControl(), accountRemembered]).then(([controlled]) => {
      if (!controlled || cancelled || !markSaid()) return;
      setShown(true);
      timer = setTimeout(() => setShown(false), SAVED_FOR_OFFLINE_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return shown;
}

const asked = new Set<string>();
let queue: Promise<unknown> = Promise.resolve();

/**
 * Fetches each media URL not yet kept, one at a time at low priority, once the service worker
 * controls the page (its runtime cache keeps the answer). URLs already asked for in this page's
 * life are skipped.
 */
export function keepMediaForOffline(urls: readonly string[]): void {
  if (typeof caches === "undefined") return;
  const fresh = urls.filter((url) => !asked.has(url));
  if (fresh.length === 0) return;
  for (const url of fresh) asked.add(url);
  queue = queue.then(async () => {
    if (!(await serviceWorkerControl()) || !navigator.onLine) return;
    for (const url of fresh) {
      if (!navigator.onLine) return;
      if (await caches.match(url)) continue;
      await fetch(url, { credentials: "same-origin", priority: "low" }).catch(() => undefined);
    }
  });
}

/** Keeps `urls` (e.g. every thumbnail of a timeline's loaded memories) for offline, whenever they change. */
export function useKeepMediaForOffline(urls: readonly string[]): void {
  const key = urls.join("\n");
  useEffect(() => {
    if (key) keepMediaForOffline(key.split("\n"));
  }, [key]);
}
