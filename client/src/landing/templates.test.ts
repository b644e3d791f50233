import { describe, expect, it } from "vitest";
import { esc, formatDay } from "../site/html";
import { siteBlocks } from "../site/prerender";
import { MEMORIES, PEOPLE, memoryCount } from "./demo-data";
import { demoWeb, nodePosition, personPanel, photo } from "./templates";

describe("landing templates", () => {
  it("places the six people at 60-degree steps on one circle around the centre", () => {
    expect(PEOPLE).toHaveLength(6);
    const points = PEOPLE.map((_, i) => nodePosition(i));
    expect(points.map((p) => p.angle)).toEqual([0, 60, 120, 180, 240, 300]);
    for (const { angle, x, y } of points) {
      expect(Math.hypot(x - 50, y - 50)).toBeCloseTo(36, 1);
      const measured = ((Math.atan2(y - 50, x - 50) * 180) / Math.PI + 90 + 360) % 360;
      expect(measured).toBeCloseTo(angle, 0);
    }
    const html = demoWeb("sam");
    expect(html.match(/data-person="/g)).toHaveLength(6);
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
  });

  it("renders a person's timelines with one button per memory", () => {
    for (const person of PEOPLE) {
      const html = personPanel(person);
      expect(html.match(/data-memory="/g)).toHaveLength(memoryCount(person));
      for (const t of person.timelines) expect(html).toContain(esc(t.title));
    }
  });

  it("writes responsive, sized, lazy WebP images", () => {
    const html = photo(MEMORIES.pier!, { sizes: "88px" });
    expect(html).toContain('src="/demo/sunset-pier-240.webp"');
    expect(html).toContain('srcset="/demo/sunset-pier-240.webp 240w, /demo/sunset-pier-640.webp 640w"');
    expect(html).toMatch(/width="240" height="180"/);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
  });

  it("escapes text and formats dates like the app (MMM d, yyyy)", () => {
    expect(esc(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(formatDay("2024-01-05")).toBe("Jan 5, 2024");
    expect(formatDay("2023-12-27")).toBe("Dec 27, 2023");
  });

  it("gives the legal pages the landing page's anchors and a mail link", () => {
    const legal = siteBlocks("legal", "help@example.org");
    expect(legal.footer!()).toContain('href="/#product"');
    expect(legal.footer!()).toContain('href="mailto:help@example.org"');
    // built once, shown for years: no year that could be a past one
    expect(legal.footer!()).toContain("© Keepsake");
    expect(legal.footer!()).not.toMatch(/© ?\d{4}/);
    const landing = siteBlocks("landing", "help@example.org");
    expect(landing.footer!()).toContain('href="#privacy"');
    expect(landing.header!()).toContain("data-open-magic-link");
  });
});
