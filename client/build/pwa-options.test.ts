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

  it("caches at run time only /media thumbnails, posters and display photos, network first and bounded (docs/decisions/020-offline-and-feedback.md)", () => {
    const rules = pwaOptions.workbox?.runtimeCaching ?? [];
    expect(rules).toHaveLength(2);
    // The patterns run in the service worker; here their source says what they match.
    const sources = rules.map((rule) => String(rule.urlPattern));
    expect(sources.every((source) => source.includes("\\/media\\/"))).toBe(true);
    expect(sources.some((source) => /api|graphql/.test(source))).toBe(false);
    for (const rule of rules) {
      expect(rule.handler).toBe("NetworkFirst");
      expect(rule.options?.cacheName).toMatch(/^keepsake-media/);
      expect(rule.options?.expiration?.maxEntries).toBeGreaterThan(0);
    }
  });

  it("maps / to the precached landing page, not the app shell", () => {
    expect(pwaOptions.workbox?.directoryIndex).toBe(htmlEntries.landing);
  });

  it("describes an installable app", () => {
    const manifest = pwaOptions.manifest;
    if (!manifest) throw new Error("no manifest");
    expect(manifest.name).toBe("Keepsake");
    expect(manifest.start_url).toBe("/app");
    expect(manifest.orientation).toBe("any");
    expect(manifest.icons?.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ["192x192", "any"],
      ["512x512", "any"],
      ["512x512", "maskable"],
    ]);
  });
});
