/**
 * After a deploy, an open tab still asks for the previous build's chunks, which are gone: the
 * dynamic import fails. The page then reloads once by itself to get the new build
 * (docs/decisions/020-offline-and-feedback.md). A sessionStorage mark, set before the reload and
 * cleared by the next screen that loads, stops a loop when the reload does not help (e.g. offline).
 */
export const CHUNK_RELOAD_KEY = "keepsake:chunk-reload";

const DYNAMIC_IMPORT_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** True for the errors browsers raise when a dynamic import (or its CSS preload) cannot be loaded. */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return DYNAMIC_IMPORT_FAILURE.test(message);
}

function readMark(): boolean {
  try {
    return sessionStorage.getItem(CHUNK_RELOAD_KEY) !== null;
  } catch {
    return true; // No storage: never risk a reload loop.
  }
}

/**
 * Reloads the page once for a stale chunk. Returns true when a reload was started (the caller
 * should then wait for it), false when this error must be shown instead.
 */
export function reloadOnceForStaleChunk(error: unknown, reload: () => void = () => window.location.reload()): boolean {
  if (!isStaleChunkError(error) || readMark()) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** A screen loaded: the next stale chunk may reload again. */
export function clearStaleChunkMark(): void {
  try {
    sessionStorage.removeItem(CHUNK_RELOAD_KEY);
  } catch {
    // Nothing to clear.
  }
}

/**
 * Wraps a route module import: a stale chunk reloads the page (the returned promise then never
 * settles, so nothing flashes); any other failure, or a second one, goes to the route's error screen.
 */
export async function importWithReload<M>(load: () => Promise<M>): Promise<M> {
  try {
    const module = await load();
    clearStaleChunkMark();
    return module;
  } catch (error) {
    if (reloadOnceForStaleChunk(error)) return new Promise<M>(() => undefined);
    throw error;
  }
}
