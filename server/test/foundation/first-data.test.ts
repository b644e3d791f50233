import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptJson } from "../../src/web/first-data.js";
import { SESSION_MAX_AGE_MS } from "../../src/http/session.js";
import { connect, createMemory, createUser } from "../factories/index.js";
import { anonymous, gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

// A build as the client writes it (client/build/first-screens.ts), with the screens' first queries.
const INDEX = `<!doctype html><html><head><title>Keepsake</title>
<script type="module" crossorigin src="/assets/index-1.js"></script></head>
<body><div id="root"><div><svg></svg></div></div>
<noscript>Keepsake needs JavaScript to run.</noscript></body></html>`;
const MANIFEST = {
  "index.html": { file: "assets/index-1.js" },
  "src/timelines.tsx": { file: "assets/timelines-1.js" },
  "src/view.tsx": { file: "assets/view-1.js" },
};
const TIMELINES = `query Timelines($first: Int = 30, $after: String) {
  timelines(first: $first, after: $after) { edges { cursor node { id title collaborator { id displayName } } } pageInfo { hasNextPage endCursor } }
}`;
const VIEW = `query ViewTimeline($id: ID!, $first: Int = 30) {
  timeline(id: $id) { id title memoryCount memories(first: $first) { edges { node { id caption cover { type url thumbUrl posterUrl } } } } }
}`;
const SHELL = `<div class="app-column" data-first-screen><h1 class="screen-title">Your Timelines</h1></div>`;
const SCREENS = {
  "/app/timelines": {
    module: "src/timelines.tsx",
    html: SHELL,
    query: { name: "Timelines", document: TIMELINES, variables: {} },
  },
  "/app/view-timeline": {
    module: "src/view.tsx",
    query: { name: "ViewTimeline", document: VIEW, variables: { id: "id" } },
  },
};

/** The JSON the page carries (`#first-data`), or null. */
function embedded(html: string): Json {
  const match = /<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

describe("the signed-in first screen's data in its HTML (server/src/web/first-data.ts)", () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-first-data-"));
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

  const sessionOf = async (agent: Agent) => (await agent.get("/api/auth/check-session").expect(200)).body as Json;

  it("embeds the session check and the timelines query, each equal to the answer of its own request", async () => {
    const a = await createUser(t.ds, { displayName: "Ada" });
    const b = await createUser(t.ds, { displayName: "Bo" });
    await connect(t.ds, a, b, { title: "Our trip" });
    const asA = await signInAs(t, a);
    const res = await asA.get("/app/timelines").expect(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.text).toContain(SHELL);
    const first = embedded(res.text);
    expect(first.session).toEqual(await sessionOf(asA));
    expect(first.session.user.email).toBe(a.email);
    expect(first.query.name).toBe("Timelines");
    expect(first.query.variables).toEqual({});
    expect(first.query.data).toEqual((await gql(asA, TIMELINES)).data);
    expect(first.query.data.timelines.edges[0].node.title).toBe("Our trip");
  });

  it("embeds the viewed timeline for its member and preloads the strip's first image", async () => {
    const a = await createUser(t.ds);
    const b = await createUser(t.ds);
    const ours = await connect(t.ds, a, b, { title: "Beach days" });
    await createMemory(t.ds, { timelineId: ours.id, createdById: a.id, caption: "Older" });
    await createMemory(t.ds, { timelineId: ours.id, createdById: b.id, caption: "Newest" });
    const asB = await signInAs(t, b);
    const res = await asB.get(`/app/view-timeline?id=${ours.id}`).expect(200);
    const first = embedded(res.text);
    const answer = await gql(asB, VIEW, { id: ours.id });
    expect(first.query.variables).toEqual({ id: ours.id });
    expect(first.query.data).toEqual(answer.data);
    const media = answer.data!.timeline.memories.edges[0].node.cover;
    const image = (media.thumbUrl ?? media.url) as string;
    expect(image).toMatch(/^\/media\//);
    expect(res.text).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${image.replace(/&/g, "&amp;")}">`,
    );
  });

  it("gives a person who may not see the timeline what GraphQL gives them (null), and no image", async () => {
    const a = await createUser(t.ds);
    const b = await createUser(t.ds);
    const c = await createUser(t.ds);
    const theirs = await connect(t.ds, a, b, { title: "Not for Cy" });
    await createMemory(t.ds, { timelineId: theirs.id, createdById: a.id });
    const asC = await signInAs(t, c);
    const res = await asC.get(`/app/view-timeline?id=${theirs.id}`).expect(200);
    const first = embedded(res.text);
    expect(first.query.data).toEqual((await gql(asC, VIEW, { id: theirs.id })).data);
    expect(first.query.data).toEqual({ timeline: null });
    expect(res.text).not.toContain("Not for Cy");
    expect(res.text).not.toContain('rel="preload" as="image"');
    // a malformed id: the same answer as GraphQL's
    const bad = embedded((await asC.get("/app/view-timeline?id=not-a-uuid").expect(200)).text);
    expect(bad.session.user.email).toBe(c.email);
    expect(bad.query.data).toEqual((await gql(asC, VIEW, { id: "not-a-uuid" })).data);
    // no id: nothing to ask
    expect(embedded((await asC.get("/app/view-timeline").expect(200)).text).query).toBeNull();
  });

  it("sends no data to a visitor, a forged cookie or an expired session", async () => {
    const a = await createUser(t.ds);
    await connect(t.ds, a, await createUser(t.ds), { title: "Private things" });
    const visitor = await anonymous(t).get("/app/timelines").expect(200);
    expect(embedded(visitor.text)).toBeNull();
    expect(visitor.text).not.toContain("Your Timelines");
    const forged = await anonymous(t).get("/app/timelines").set("Cookie", "ks.sid=s%3Aforged.sig").expect(200);
    expect(embedded(forged.text)).toBeNull();
    expect(forged.text).not.toContain("Your Timelines");
    const asA = await signInAs(t, a);
    expect(embedded((await asA.get("/app/timelines").expect(200)).text)).not.toBeNull();
    t.clock.advance(SESSION_MAX_AGE_MS + 1000);
    try {
      const expired = await asA.get("/app/timelines").expect(200);
      expect(embedded(expired.text)).toBeNull();
      expect(expired.text).not.toContain("Private things");
      expect(expired.text).not.toContain("Your Timelines");
      expect(expired.headers["cache-control"]).toBe("private, no-store");
    } finally {
      t.clock.advance(-(SESSION_MAX_AGE_MS + 1000));
    }
  });

  it("writes text that could end the script as JSON escapes, read back unchanged", async () => {
    const nasty = "</script><script>alert(1)</script><!-- \u2028\u2029 & >";
    const json = scriptJson({ title: nasty });
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ title: nasty });
    const a = await createUser(t.ds);
    await connect(t.ds, a, await createUser(t.ds), { title: nasty });
    const res = await (await signInAs(t, a)).get("/app/timelines").expect(200);
    expect(res.text).not.toContain("</script><script>");
    expect(embedded(res.text).query.data.timelines.edges[0].node.title).toBe(nasty);
  });
});
