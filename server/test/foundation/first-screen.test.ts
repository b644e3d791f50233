import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createUser } from "../factories/index.js";
import { anonymous, signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

// A build as the client writes it (client/build/first-screens.ts, Vite's manifest), in small.
const INDEX = `<!doctype html><html><head><title>Keepsake</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>
<body><div id="root"><div><svg></svg></div></div>
<noscript>Keepsake needs JavaScript to run.</noscript></body></html>`;
const MANIFEST = {
  "index.html": { file: "assets/index-1.js", imports: ["_react-1.js"] },
  "_react-1.js": { file: "assets/react-1.js" },
  "_format-1.js": { file: "assets/format-1.js", imports: ["_react-1.js"] },
  "src/timelines.tsx": {
    file: "assets/timelines-1.js",
    imports: ["_react-1.js", "_format-1.js"],
    css: ["assets/t-1.css"],
  },
  "src/view.tsx": { file: "assets/view-1.js", imports: ["_format-1.js", "index.html"] },
};
const SHELL = `<div class="app-column" data-first-screen><h1 class="screen-title">Your Timelines</h1></div>`;
const SCREENS = {
  "/app": { module: "src/timelines.tsx", html: SHELL },
  "/app/timelines": { module: "src/timelines.tsx", html: SHELL },
  "/app/view-timeline": { module: "src/view.tsx" },
};

describe("the signed-in first screen's HTML (server/src/web/first-screen.ts)", () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-first-screen-"));
    fs.mkdirSync(path.join(dist, ".vite"), { recursive: true });
    fs.writeFileSync(path.join(dist, "index.html"), INDEX);
    fs.writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(dist, ".vite", "first-screens.json"), JSON.stringify(SCREENS));
    t = await createTestApp({ deps: { clientDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("paints the timelines heading and preloads the screen's chunks after the first paint, kept by no cache", async () => {
    const me = await createUser(t.ds);
    const res = await (await signInAs(t, me)).get("/app/timelines").expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.text).toContain(`<div id="root">${SHELL}</div>`);
    expect(res.text).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/timelines-1.js">',
    );
    expect(res.text).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/format-1.js">');
    expect(res.text).toContain(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/t-1.css">',
    );
    // what index.html already loads is not listed twice
    expect(res.text.match(/assets\/react-1\.js/g)).toHaveLength(1);
    const slash = await (await signInAs(t, me)).get("/app/").expect(200);
    expect(slash.text).toContain(SHELL);
  });

  it("sends a visitor without a session no signed-in heading (the app sends them to /login)", async () => {
    const res = await anonymous(t).get("/app/timelines").expect(200);
    expect(res.text).not.toContain("Your Timelines");
    expect(res.text).toContain("<div><svg></svg></div>");
    expect(res.text).toContain("/assets/timelines-1.js");
  });

  it("is the same page for every person but for their own first data: never another account's", async () => {
    const a = await createUser(t.ds, { displayName: "Ada Secret" });
    const b = await createUser(t.ds, { displayName: "Bo Hidden" });
    const c = await createUser(t.ds);
    const ours = await connect(t.ds, a, b, { title: "Our private trip" });
    const theirs = await connect(t.ds, c, b, { title: "Their private trip" });
    const asA = await signInAs(t, a);
    const asC = await signInAs(t, c);
    // the person's own data is only in #first-data (first-data.test.ts)
    const withoutData = (html: string) =>
      html.replace(/<script type="application\/json" id="first-data">.*?<\/script>/, "");
    for (const p of ["/app/timelines", `/app/view-timeline?id=${ours.id}`, `/app/view-timeline?id=${theirs.id}`]) {
      const [forA, forC] = [(await asA.get(p).expect(200)).text, (await asC.get(p).expect(200)).text];
      expect(forA).toContain('id="first-data"');
      expect(withoutData(forA)).toBe(withoutData(forC));
      for (const secret of ["Ada Secret", "Bo Hidden", a.email, b.email, c.email, ours.title, theirs.title])
        expect(withoutData(forA)).not.toContain(secret);
      expect(forA).not.toContain(c.email);
      expect(forC).not.toContain(a.email);
    }
  });

  it("leaves other screens and the view-timeline heading to the app", async () => {
    const me = await signInAs(t, await createUser(t.ds));
    const view = await me.get("/app/view-timeline?id=x").expect(200);
    expect(view.text).toContain("<div><svg></svg></div>");
    expect(view.text).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/view-1.js">');
    const profile = await me.get("/app/profile").expect(200);
    expect(profile.text).toBe(INDEX);
    expect(profile.headers["cache-control"]).toBe("no-cache");
  });
});
