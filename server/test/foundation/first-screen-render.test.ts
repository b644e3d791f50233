import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { firstScreenRenderer, RENDERER_FILE } from "../../src/web/first-screen-render.js";
import { connect, createMemory, createUser } from "../factories/index.js";
import { anonymous, signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

// A client build with a first-screen renderer (client/vite.ssr.config.ts), in small: the renderer
// is a real module on disk, loaded by the server as the build's own would be.
const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>Keepsake</title>
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>
<body><div id="root"><div><svg></svg></div></div>
<noscript>Keepsake needs JavaScript to run.</noscript></body></html>`;
const MANIFEST = {
  "index.html": { file: "assets/index-1.js", css: ["assets/index-1.css"] },
  "src/view.tsx": { file: "assets/view-1.js", css: ["assets/view-1.css"] },
};
const VIEW = `query ViewTimeline($id: ID!) {
  timeline(id: $id) { id title memories(first: 30) { edges { node { id cover { type url thumbUrl posterUrl } } } } }
}`;
const SCREENS = {
  "/app/view-timeline": {
    module: "src/view.tsx",
    query: { name: "ViewTimeline", document: VIEW, variables: { id: "id" } },
  },
};
const VIEW_CSS = "._strip_1{display:flex}/* </style> */";
// Echoes what it was given, like the real one renders the person's data; throws for one title.
const RENDERER = `
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
export function renderFirstScreen({ pathname, search, session, query }) {
  const timeline = query.data.timeline;
  if (!timeline) return null;
  if (timeline.title === "boom") throw new Error("render failed");
  return '<div data-first-screen=""><h1>' + esc(timeline.title) + '</h1><p>' + esc(pathname + search) + '</p><p>' + esc(session.user.email) + '</p></div>';
}`;

describe("the first screen rendered by the server (server/src/web/first-screen-render.ts)", () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-first-render-"));
    fs.mkdirSync(path.join(dist, ".vite", "ssr"), { recursive: true });
    fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
    fs.writeFileSync(path.join(dist, "index.html"), INDEX);
    fs.writeFileSync(path.join(dist, "assets", "view-1.css"), VIEW_CSS);
    fs.writeFileSync(path.join(dist, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(dist, ".vite", "first-screens.json"), JSON.stringify(SCREENS));
    fs.writeFileSync(path.join(dist, RENDERER_FILE), RENDERER);
    t = await createTestApp({ deps: { clientDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("paints the member's timeline into #root, its stylesheet inline and the first image requested first", async () => {
    const a = await createUser(t.ds);
    const b = await createUser(t.ds);
    const ours = await connect(t.ds, a, b, { title: "Beach <days>" });
    await createMemory(t.ds, { timelineId: ours.id, createdById: a.id });
    const res = await (await signInAs(t, b)).get(`/app/view-timeline?id=${ours.id}`).expect(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(res.text)![1];
    expect(root).toBe(
      `<div data-first-screen=""><h1>Beach &lt;days&gt;</h1><p>/app/view-timeline?id=${ours.id}</p><p>${b.email}</p></div>`,
    );
    // the screen's stylesheet inline (its markup needs it before any script), escaped so it cannot end the element
    expect(res.text).toContain(`<style data-first-screen>._strip_1{display:flex}/* <\\/style> */</style>`);
    expect(res.text).not.toContain('rel="preload" as="style"');
    // the first image's preload before any stylesheet or script in <head>
    const head = res.text.slice(0, res.text.indexOf("</head>"));
    const image = head.indexOf('<link rel="preload" as="image"');
    expect(image).toBeGreaterThan(0);
    expect(image).toBeLessThan(head.indexOf("<script"));
    expect(image).toBeLessThan(head.indexOf('<link rel="stylesheet"'));
    // the page still carries the data the app reads
    expect(res.text).toContain('<script type="application/json" id="first-data">');
  });

  it("paints nothing for someone who may not see it, a visitor, or when the render fails", async () => {
    const a = await createUser(t.ds);
    const b = await createUser(t.ds);
    const c = await createUser(t.ds);
    const theirs = await connect(t.ds, a, b, { title: "Not for Cy" });
    const asC = await signInAs(t, c);
    const hidden = await asC.get(`/app/view-timeline?id=${theirs.id}`).expect(200);
    expect(hidden.text).toContain('<div id="root"><div><svg></svg></div></div>');
    expect(hidden.text).not.toContain("Not for Cy");
    expect(hidden.text).not.toContain("<style data-first-screen>");

    const visitor = await anonymous(t).get(`/app/view-timeline?id=${theirs.id}`).expect(200);
    expect(visitor.text).toContain('<div id="root"><div><svg></svg></div></div>');
    expect(visitor.text).not.toContain("Not for Cy");

    const boom = await connect(t.ds, a, c, { title: "boom" });
    const failed = await asC.get(`/app/view-timeline?id=${boom.id}`).expect(200);
    // served as before the renderer existed: the plain mark, the data, the preloads
    expect(failed.text).toContain('<div id="root"><div><svg></svg></div></div>');
    expect(failed.text).toContain('<script type="application/json" id="first-data">');
    expect(failed.text).toContain(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/view-1.css">',
    );
  });
});

describe("loading the renderer", () => {
  const input = {
    pathname: "/app/view-timeline",
    search: "",
    session: { isAuthenticated: true, user: null },
    query: { name: "ViewTimeline", variables: {}, data: { timeline: { title: "x" } } },
  };

  it("renders nothing without a build of it, and loads it once", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-no-renderer-"));
    const load = vi.fn();
    expect(await firstScreenRenderer(dir, { warn: vi.fn() }, load).render(input)).toBeNull();
    expect(load).not.toHaveBeenCalled();
    fs.mkdirSync(path.join(dir, ".vite", "ssr"), { recursive: true });
    fs.writeFileSync(path.join(dir, RENDERER_FILE), "");
    const once = vi.fn(async () => ({ renderFirstScreen: () => "<p>ok</p>" }));
    const renderer = firstScreenRenderer(dir, { warn: vi.fn() }, once);
    expect(await renderer.render(input)).toBe("<p>ok</p>");
    expect(await renderer.render(input)).toBe("<p>ok</p>");
    expect(once).toHaveBeenCalledTimes(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("says so and renders nothing when it fails to load or throws", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-bad-renderer-"));
    fs.mkdirSync(path.join(dir, ".vite", "ssr"), { recursive: true });
    fs.writeFileSync(path.join(dir, RENDERER_FILE), "");
    const warn = vi.fn();
    const broken = firstScreenRenderer(dir, { warn }, async () => Promise.reject(new Error("bad module")));
    expect(await broken.render(input)).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      "first screen renderer failed to load",
    );
    const throwing = firstScreenRenderer(dir, { warn }, async () => ({
      renderFirstScreen: () => {
        throw new Error("no window");
      },
    }));
    expect(await throwing.render(input)).toBeNull();
    expect(warn).toHaveBeenLastCalledWith(
      expect.objectContaining({ path: "/app/view-timeline" }),
      "first screen render failed",
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
