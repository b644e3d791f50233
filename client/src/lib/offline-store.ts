import type { ApolloCache, NormalizedCacheObject } from "@apollo/client";
import { clear, createStore, del, get, set, type UseStore } from "idb-keyval";
import { MEDIA_CACHE_PREFIX, OFFLINE_READY_SAID, SIGNED_IN_MARK } from "./offline-cache-names";
import type { SessionUser } from "./session";

/**
 * What the app keeps on the device for offline use (docs/decisions/020-offline-and-feedback.md):
 * the Apollo cache of the signed-in account, and which account that is, in IndexedDB
 * (idb-keyval); thumbnails sit in the service worker's media caches (build/pwa-options.ts).
 * Only one account's data is ever kept: another account signing in, or a logout, removes it all.
 */

const ACCOUNT_KEY = "account";
const cacheKey = (userId: string) => `apollo-cache:${userId}`;
const SAVE_DELAY_MS = 500;

let store: UseStore | null = null;
/** The device's key-value store of this account's data; cleared with it (Add many keeps its drafts here). */
export function offlineStore(): UseStore | null {
  if (typeof indexedDB === "undefined") return null;
  store ??= createStore("keepsake-offline", "data");
  return store;
}

export interface RememberedAccount {
  userId: string;
  user: SessionUser;
}

export function accountIdOf(user: SessionUser | null | undefined): string | null {
  return user?.id ?? user?._id ?? null;
}

/** The account whose data is on this device, if any. */
export async function rememberedAccount(): Promise<RememberedAccount | null> {
  const db = offlineStore();
  if (!db) return null;
  try {
    return (await get<RememberedAccount>(ACCOUNT_KEY, db)) ?? null;
  } catch {
    return null;
  }
}

/** Deletes the service worker's cached media (all of its media caches). */
async function clearMediaCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(MEDIA_CACHE_PREFIX)).map((name) => caches.delete(name)));
}

let persisting: { userId: string; stop: () => void } | null = null;

function setSignedInMark(on: boolean): void {
  try {
    if (on) localStorage.setItem(SIGNED_IN_MARK, "1");
    else {
      localStorage.removeItem(SIGNED_IN_MARK);
      localStorage.removeItem(OFFLINE_READY_SAID);
    }
  } catch {
    // No storage: the landing page offers sign-in.
  }
}

/** Removes everything kept for offline use: the saved cache, the account, the cached media, the marks. */
export async function clearOfflineData(): Promise<void> {
  stopPersisting();
  setSignedInMark(false);
  const db = offlineStore();
  await Promise.all([db ? clear(db).catch(() => undefined) : undefined, clearMediaCaches().catch(() => undefined)]);
}

let markRemembered: () => void = () => undefined;
/** Resolves once an account is remembered in this page's life (./offline-ready.ts waits for it). */
export const accountRemembered = new Promise<void>((resolve) => (markRemembered = resolve));

/**
 * After an online session check: this account's data may be kept. Data of another account that
 * was left on the device (no logout) is removed first.
 */
export async function rememberAccount(user: SessionUser): Promise<void> {
  setSignedInMark(true);
  const userId = accountIdOf(user);
  const db = offlineStore();
  if (!userId || !db) return;
  const previous = await rememberedAccount();
  if (previous && previous.userId !== userId) {
    await clearOfflineData();
    setSignedInMark(true);
  }
  await set(ACCOUNT_KEY, { userId, user } satisfies RememberedAccount, db);
  markRemembered();
}

/** Puts the saved cache of `userId` into the Apollo cache. Resolves whether there was one. */
export async function restoreCache(cache: ApolloCache, userId: string): Promise<boolean> {
  const db = offlineStore();
  if (!db) return false;
  try {
    const saved = await get<NormalizedCacheObject>(cacheKey(userId), db);
    if (!saved) return false;
    cache.restore(saved);
    return true;
  } catch {
    return false;
  }
}

/**
 * `later` over `earlier`, field by field within each entity and within the root query: a screen
 * of this visit that loaded fewer fields of a person than an earlier one keeps the earlier fields.
 */
export function mergeCaches(
  earlier: NormalizedCacheObject | undefined,
  later: NormalizedCacheObject,
): NormalizedCacheObject {
  if (!earlier) return later;
  const merged: NormalizedCacheObject = { ...earlier };
  for (const [id, entity] of Object.entries(later)) {
    merged[id] = entity && earlier[id] ? { ...earlier[id], ...entity } : entity;
  }
  return merged;
}

/**
 * Saves the Apollo cache of `userId` half a second after each change, and when the page is hidden.
 * Idempotent per account; `stopPersisting` (or clearOfflineData) ends it.
 */
export function startPersisting(cache: ApolloCache, userId: string): void {
  const db = offlineStore();
  if (!db || persisting?.userId === userId) return;
  stopPersisting();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // What earlier visits kept: each page load starts with an empty cache, so a save merges into it
  // rather than replacing it (a list seen in an earlier visit stays available offline).
  const kept = get<NormalizedCacheObject>(cacheKey(userId), db).catch(() => undefined);
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    void kept
      .then((earlier) => {
        if (stopped) return;
        return set(cacheKey(userId), mergeCaches(earlier, cache.extract() as NormalizedCacheObject), db);
      })
      .catch(() => undefined);
  };
  const schedule = () => {
    if (!stopped && timer === undefined) timer = setTimeout(save, SAVE_DELAY_MS);
  };
  // Every change of the cache goes through one of these (query results, writes, modify, evict).
  const patched = ["write", "modify", "evict"] as const;
  const originals = patched.map((name) => {
    const original = cache[name] as (...args: unknown[]) => unknown;
    (cache as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const result = original.apply(cache, args);
      schedule();
      return result;
    };
    return [name, original] as const;
  });
  const onHidden = () => {
    if (document.visibilityState === "hidden" && timer !== undefined) save();
  };
  document.addEventListener("visibilitychange", onHidden);
  // Answers that arrived before persistence started (the session check and IndexedDB are slower
  // than a screen's query on a busy device) are saved too.
  schedule();
  persisting = {
    userId,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onHidden);
      for (const [name, original] of originals) (cache as unknown as Record<string, unknown>)[name] = original;
    },
  };
}

export function stopPersisting(): void {
  persisting?.stop();
  persisting = null;
}

/** Forgets one account's saved cache (tests, and a sign-in that found another account's data). */
export async function forgetCache(userId: string): Promise<void> {
  const db = offlineStore();
  if (db) await del(cacheKey(userId), db).catch(() => undefined);
}
