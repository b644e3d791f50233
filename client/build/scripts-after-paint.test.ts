import { describe, expect, it } from "vitest";
import { lowPriorityScripts } from "./scripts-after-paint";

describe("lowPriorityScripts", () => {
  const html = [
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '<link rel="icon" href="/favicon.svg">',
  ].join("\n");

  it("lowers the entry script and its module preloads, and nothing else", () => {
    const out = lowPriorityScripts(html);
    expect(out).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">');
    // the render-blocking stylesheet keeps its priority: it is what the first paint needs
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(out).toContain('<link rel="icon" href="/favicon.svg">');
  });

  it("leaves a tag that already says its priority as it is", () => {
    const once = lowPriorityScripts(html);
    expect(lowPriorityScripts(once)).toBe(once);
    const high = '<link rel="modulepreload" fetchpriority="high" href="/a.js">';
    expect(lowPriorityScripts(high)).toBe(high);
  });
});
