import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_KEY, importWithReload, isStaleChunkError, reloadOnceForStaleChunk } from "./stale-chunk";

const stale = () => new TypeError("Failed to fetch dynamically imported module: /assets/timelines-screen-OLD.js");

describe("stale chunks after a deploy", () => {
  afterEach(() => sessionStorage.clear());

  it("recognises the browsers' dynamic import failures and nothing else", () => {
    expect(isStaleChunkError(stale())).toBe(true);
    expect(isStaleChunkError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isStaleChunkError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isStaleChunkError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isStaleChunkError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isStaleChunkError(undefined)).toBe(false);
  });

  it("reloads once, then lets the second failure through (no loop)", () => {
    const reload = vi.fn();
    expect(reloadOnceForStaleChunk(stale(), reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    expect(reloadOnceForStaleChunk(stale(), reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("never reloads for other errors", () => {
    const reload = vi.fn();
    expect(reloadOnceForStaleChunk(new Error("boom"), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("a screen that loads clears the mark, so a later deploy may reload again", async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, "1");
    await expect(importWithReload(() => Promise.resolve({ Screen: "ok" }))).resolves.toEqual({ Screen: "ok" });
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it("a second stale chunk in a row is thrown to the error screen", async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, "1");
    await expect(importWithReload(() => Promise.reject(stale()))).rejects.toThrow(/dynamically imported module/);
  });
});
