import { describe, expect, it } from "vitest";
import { bootFiles, withBootPreloads } from "./boot-preloads";

// A bundle as Rolldown hands it to transformIndexHtml, in small: the entry imports the boot
// dynamically; the boot imports React and the shared UI chunk (with its own stylesheet).
const chunk = (fileName: string, fields: Record<string, unknown> = {}) => ({
  type: "chunk" as const,
  fileName,
  facadeModuleId: null,
  imports: [] as string[],
  viteMetadata: { importedCss: new Set<string>() },
  ...fields,
});
const BUNDLE = {
  "assets/index-1.js": chunk("assets/index-1.js", { facadeModuleId: "/app/client/index.html" }),
  "assets/boot-1.js": chunk("assets/boot-1.js", {
    facadeModuleId: "/app/client/src/boot.tsx",
    imports: ["assets/react-1.js", "assets/ui-1.js"],
    viteMetadata: { importedCss: new Set(["assets/boot-1.css"]) },
  }),
  "assets/react-1.js": chunk("assets/react-1.js"),
  "assets/ui-1.js": chunk("assets/ui-1.js", {
    imports: ["assets/react-1.js"],
    viteMetadata: { importedCss: new Set(["assets/ui-1.css"]) },
  }),
  "assets/screen-1.js": chunk("assets/screen-1.js", { imports: ["assets/ui-1.js"] }),
  "assets/index-1.css": { type: "asset" as const, fileName: "assets/index-1.css" },
};
const HTML = `<html><head>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-1.css">
</head><body></body></html>`;

describe("the boot's preloads in index.html (client/build/boot-preloads.ts)", () => {
  it("lists the boot chunk after what it imports, each once, with their stylesheets, and no screen's chunk", () => {
    expect(bootFiles(BUNDLE)).toEqual({
      scripts: ["assets/react-1.js", "assets/ui-1.js", "assets/boot-1.js"],
      styles: ["assets/ui-1.css", "assets/boot-1.css"],
    });
  });

  it("adds a low-priority module preload and a stylesheet link for each file the page does not name yet", () => {
    const html = withBootPreloads(HTML, {
      scripts: ["assets/react-1.js", "assets/boot-1.js", "assets/index-1.js"],
      styles: ["assets/boot-1.css", "assets/index-1.css"],
    });
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/boot-1.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/boot-1.css">');
    // what the page already loads is not named twice
    expect(html.match(/assets\/index-1\.js/g)).toHaveLength(1);
    expect(html.match(/assets\/index-1\.css/g)).toHaveLength(1);
    expect(html.indexOf("boot-1.css")).toBeLessThan(html.indexOf("</head>"));
  });

  it("changes nothing without a boot chunk", () => {
    expect(bootFiles({ "assets/index-1.js": BUNDLE["assets/index-1.js"] })).toEqual({ scripts: [], styles: [] });
    expect(withBootPreloads(HTML, { scripts: [], styles: [] })).toBe(HTML);
  });
});
