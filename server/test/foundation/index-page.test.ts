import { describe, expect, it } from "vitest";
import { indexPage } from "../../src/web/index-page.js";

// index.html as the client's build writes it (client/index.html), in small
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Keepsake</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"><div class="boot-mark"><svg viewBox="0 0 1 1"></svg></div></div>
    <noscript>Keepsake needs JavaScript to run.</noscript>
  </body>
</html>
`;

describe("index.html cut where the server adds to it (server/src/web/index-page.ts)", () => {
  it("puts the early part first in <head>, the head part at its end and the root in #root; the rest unchanged", () => {
    const page = indexPage(BUILT)!;
    const html = page.with({ early: "<E>", head: "<H>", root: "<R>" });
    expect(html).toBe(
      BUILT.replace("<script type", "<E><script type")
        .replace("  </head>", "  <H></head>")
        .replace('<div class="boot-mark"><svg viewBox="0 0 1 1"></svg></div>', "<R>"),
    );
    expect(page.with({})).toBe(BUILT);
    expect(page.with({ head: "<H>" })).toBe(BUILT.replace("  </head>", "  <H></head>"));
  });

  it("lists the assets the page already loads", () => {
    expect([...indexPage(BUILT)!.assets].sort()).toEqual([
      "assets/boot-1.js",
      "assets/index-1.css",
      "assets/index-1.js",
    ]);
  });

  it("finds #root by its id, however the markup around it is written", () => {
    const variants = [
      // attributes in another order, unquoted, other elements after it (no <noscript>)
      `<html><head><title>t</title></head><body><div class=app id=root data-x="a>b"><p>logo</p></div><footer></footer></body></html>`,
      // nested divs, a comment holding a closing tag, no whitespace
      `<html><head></head><body><main><div id="root"><div><div>logo</div></div><!-- </div><noscript> --></div></main></body></html>`,
    ];
    for (const html of variants) {
      const page = indexPage(html)!;
      const root = page.with({ root: "<R>" });
      const [before, after] = root.split("<R>");
      expect(before!.endsWith(">") && /id=("?)root\1/.test(before!.slice(before!.lastIndexOf("<div")))).toBe(true);
      expect(after!.startsWith("</div>")).toBe(true);
      expect(html.startsWith(before!) && html.endsWith(after!)).toBe(true);
    }
    // with no stylesheet or script in <head>, the early part is at its end
    expect(indexPage(variants[1]!)!.with({ early: "<E>", head: "<H>" })).toContain("<head><E><H></head>");
  });

  it("is null without #root or without a </head>: the page is then sent as it is", () => {
    expect(indexPage("<html><head></head><body><div id=app></div></body></html>")).toBeNull();
    expect(indexPage('<div id="root"></div>')).toBeNull();
    expect(indexPage("")).toBeNull();
  });
});
