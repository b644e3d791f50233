// @vitest-environment node
import { describe, expect, it } from "vitest";
import { htmlEntries } from "./html-entries";
import { navigateFallbackDenylist, pwaOptions } from "./pwa-options";

const deniedByFallback = (path: string) => navigateFallbackDenylist.some((pattern) => pattern.test(path));

describe("service worker options", () => {
  it("registers by hand and updates itself", () => {
    expect(pwaOptions.registerType).toBe("autoUpdate");
    expect(pwaOptions.injectRegister).toBeNull();
  });

  it("serves the app shell for app routes only", () => {
    expect(pwaOptions.workbox?.navigateFallback).toBe("/index.html");
    for (const path of ["/app", "/app/timelines", "/login", "/auth/verify", "/timeline-access-denied"]) {
      expect(deniedByFallback(path), path).toBe(false);
    }
  });

  it.each(["/api/auth/check-session", "/graphql", "/media/abc?sig=1", "/livez", "/readyz", "/", "/privacy", "/terms"])(
    "never answers %s with the app shell",
    (path) => {
      expect(deniedByFallback(path)).toBe(true);
    },
  );

  it("caches nothing at run time (no /api, /graphql or /media responses)", () => {
    expect(pwaOptions.workbox?.runtimeCaching ?? []).toEqual([]);
  });

  it("maps / to the precached landing page, not the app shell", () => {
    expect(pwaOptions.workbox?.directoryIndex).toBe(htmlEntries.landing);
  });

  it("describes an installable app", () => {
    const manifest = pwaOptions.manifest;
    if (!manifest) throw new Error("no manifest");
    expect(manifest.name).toBe("Keepsake");
    expect(manifest.start_url).toBe("/app");
    expect(manifest.icons?.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
  });
});
