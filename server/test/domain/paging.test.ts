import LinkHeader from "http-link-header";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMORY_SORTS } from "../../src/modules/memories/memory-order.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMemory, createNotification, createTimeline, createUser } from "../factories/index.js";
import { QueryCounter } from "../helpers/query-count.js";
import { gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Paged reads (docs/decisions/024-paged-reads.md): Relay connections in GraphQL, `limit`/`cursor`
 * with `Link: rel="next"` in REST. Walking every page must give exactly the whole list in the
 * spec's order (checked against an independent SQL ORDER BY), with no repeat and no gap, even
 * with ties on every sort key; bad arguments are 400s; a page costs the same statements as the
 * first; one query cannot ask for an unbounded number of objects.
 */

let t: TestApp;
let ann: User;
let ben: User;
let annA: Agent;
let benA: Agent;
let big: string; // ann + ben, 120 memories with many ties

/** The spec's order of each REST sort, written independently of the app's keyset code. */
const SQL_ORDER: Record<string, string> = {
  "-memory_date": "memory_date DESC NULLS LAST, created_at DESC, id DESC",
  memory_date: "memory_date ASC NULLS FIRST, created_at ASC, id ASC",
  position: "position ASC, created_at ASC, id ASC",
  "-position": "position DESC, created_at DESC, id DESC",
  "-created_at": "created_at DESC, id DESC",
  created_at: "created_at ASC, id ASC",
};

async function idsInOrder(sql: string, params: unknown[]): Promise<string[]> {
  return ((await t.ds.query(sql, params)) as { id: string }[]).map((r) => r.id);
}

const nodes = (c: Json): Json[] => c.edges.map((e: Json) => e.node);

/** Follows `pageInfo.endCursor` to the end; answers every node id and each page's size. */
async function walkGraphql(
  agent: Agent,
  query: string,
  vars: Record<string, unknown>,
  pick: (d: Json) => Json,
): Promise<{ ids: string[]; sizes: number[]; totals: number[] }> {
  const ids: string[] = [];
  const sizes: number[] = [];
  const totals: number[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const r = await gql(agent, query, { ...vars, after });
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    const c = pick(r.data);
    ids.push(...nodes(c).map((n) => n.id as string));
    sizes.push(c.edges.length);
    if (c.totalCount !== undefined) totals.push(c.totalCount);
    if (c.edges.length) expect(c.pageInfo.endCursor).toBe(c.edges.at(-1).cursor);
    if (!c.pageInfo.hasNextPage) return { ids, sizes, totals };
    after = c.pageInfo.endCursor;
  }
  throw new Error("more than 50 pages");
}

/** Follows `Link: rel="next"` to the end; answers every id and each page's size. */
async function walkRest(agent: Agent, first: string): Promise<{ ids: string[]; sizes: number[] }> {
  const ids: string[] = [];
  const sizes: number[] = [];
  let url: string | null = first;
  for (let i = 0; i < 50 && url; i++) {
    const res = await agent.get(url).expect(200);
    expect(Array.isArray(res.body)).toBe(true); // the spec's array body
    ids.push(...(res.body as { id: string; _id: string }[]).map((x) => x.id));
    sizes.push(res.body.length);
    const link = res.headers.link as string | undefined;
    url = link ? (LinkHeader.parse(link).rel("next")[0]?.uri ?? null) : null;
  }
  return { ids, sizes };
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await createUser(t.ds, { username: "pagingann", displayName: "Ann" });
  ben = await createUser(t.ds, { username: "pagingben", displayName: "Ben" });
  annA = await signInAs(t, ann);
  benA = await signInAs(t, ben);
  big = (await connect(t.ds, ann, ben)).id;
  // ties everywhere: 5 dates (and none), 4 creation instants, positions repeating
  const instants = [0, 1, 2, 3].map((i) => new Date(Date.UTC(2025, 0, 1, 12, 0, i)));
  for (let i = 0; i < 120; i++) {
    await createMemory(t.ds, {
      timelineId: big,
      createdById: i % 2 ? ann.id : ben.id,
      memoryDate: i % 6 === 0 ? null : `2024-0${(i % 5) + 1}-15`,
      createdAt: instants[i % 4],
      position: (i % 40) + 1,
    });
  }
}, 180_000);
afterAll(() => t.close());

describe("Timeline.memories as a connection", () => {
  const Q = `query($id: ID!, $first: Int, $after: String, $order: MemoryOrder) { timeline(id: $id) {
    memories(first: $first, after: $after, order: $order) { totalCount edges { cursor node { id } } pageInfo { hasNextPage endCursor } } } }`;

  it.each([
    ["NEWEST_FIRST", "-memory_date"],
    ["OLDEST_FIRST", "memory_date"],
  ])("%s: pages of 25 give the whole timeline in the spec's order, the count exact on each", async (order, sort) => {
    const expected = await idsInOrder(`SELECT id FROM memories WHERE timeline_id = $1 ORDER BY ${SQL_ORDER[sort]}`, [
      big,
    ]);
    const walk = await walkGraphql(benA, Q, { id: big, first: 25, order }, (d) => d.timeline.memories);
    expect(walk.ids).toEqual(expected);
    expect(walk.sizes).toEqual([25, 25, 25, 25, 20]);
    expect(walk.totals).toEqual([120, 120, 120, 120, 120]);
  });

  it("answers 30 by default, at most 100", async () => {
    const r = await gql(benA, Q, { id: big });
    expect(r.data!.timeline.memories.edges).toHaveLength(30);
    expect(r.data!.timeline.memories.pageInfo.hasNextPage).toBe(true);
    const max = await gql(benA, Q, { id: big, first: 100 });
    expect(max.data!.timeline.memories.edges).toHaveLength(100);
    const none = await gql(benA, Q, { id: big, first: 0 });
    expect(none.data!.timeline.memories.edges).toEqual([]);
    expect(none.data!.timeline.memories.pageInfo.hasNextPage).toBe(true);
  });

  it("a memory added between two pages does not shift the next page (keyset, not offset)", async () => {
    const tl = await connect(t.ds, ann, ben);
    for (let i = 0; i < 6; i++) {
      await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id, memoryDate: `2020-01-0${i + 1}` });
    }
    const first = await gql(benA, Q, { id: tl.id, first: 3 });
    const seen = nodes(first.data!.timeline.memories).map((n) => n.id as string);
    // newer than everything shown: an offset would now repeat the third memory
    await createMemory(t.ds, { timelineId: tl.id, createdById: ann.id, memoryDate: "2023-01-01" });
    const after = first.data!.timeline.memories.pageInfo.endCursor;
    const next = await gql(benA, Q, { id: tl.id, first: 3, after });
    const nextIds = nodes(next.data!.timeline.memories).map((n) => n.id as string);
    expect(nextIds.filter((id) => seen.includes(id))).toEqual([]);
    expect(nextIds).toHaveLength(3);
    expect(next.data!.timeline.memories.pageInfo.hasNextPage).toBe(false);
  });
});

describe("REST lists: limit, cursor and Link rel=next", () => {
  it.each(MEMORY_SORTS.map((s) => [s]))(
    "GET /api/memories/filter?sort=%s: pages of 7 followed by Link give the whole list in order",
    async (sort) => {
      const expected = await idsInOrder(`SELECT id FROM memories WHERE timeline_id = $1 ORDER BY ${SQL_ORDER[sort]}`, [
        big,
      ]);
      const walk = await walkRest(benA, `/api/memories/filter?timeline_id=${big}&sort=${sort}&limit=7`);
      expect(walk.ids).toEqual(expected);
      expect(walk.sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
    },
  );

  it("answers 100 by default with a Link to the rest; at most 200; no Link on the last page", async () => {
    const res = await benA.get("/api/memories/filter").query({ timeline_id: big }).expect(200);
    expect(res.body).toHaveLength(100);
    const next = LinkHeader.parse(res.headers.link as string).rel("next")[0]!.uri;
    expect(next).toMatch(/^\/api\/memories\/filter\?timeline_id=[^&]+&cursor=[A-Za-z0-9_-]+$/);
    const rest = await benA.get(next).expect(200);
    expect(rest.body).toHaveLength(20);
    expect(rest.headers.link).toBeUndefined();
    const all = await benA.get("/api/memories/filter").query({ timeline_id: big, limit: 200 }).expect(200);
    expect(all.body).toHaveLength(120);
    expect(all.headers.link).toBeUndefined();
  });

  it("bad limit or cursor: 400 {error}, never a 500", async () => {
    for (const query of [
      { limit: "0" },
      { limit: "201" },
      { limit: "ten" },
      { limit: "1.5" },
      { cursor: "not-a-cursor" },
      { cursor: Buffer.from('["m-date","2024-13-45","x","y"]').toString("base64url") },
      {
        cursor: Buffer.from('["n-created","2024-01-01T00:00:00.000Z","00000000-0000-4000-8000-000000000000"]').toString(
          "base64url",
        ),
      },
      { cursor: ["a", "b"] },
    ]) {
      const res = await benA.get("/api/memories/filter").query({ timeline_id: big, ...query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await benA.get("/api/notifications").query({ limit: 999 })).status).toBe(400);
    expect((await benA.get("/api/timelines").query({ cursor: "%%%" })).status).toBe(400);
  });
});

describe("the other lists page exactly", () => {
  let carl: User;
  let carlA: Agent;
  let vicA: Agent; // two steps from carl: sees his public timelines only

  beforeAll(async () => {
    carl = await createUser(t.ds, { username: "pagingcarl" });
    carlA = await signInAs(t, carl);
    // carl: 23 timelines, last activity with ties; 4 public among the accepted, 2 pending, 1 declined
    const base = Date.UTC(2025, 5, 1);
    for (let i = 0; i < 23; i++) {
      const other = await createUser(t.ds);
      const status =
        i === 20 || i === 21 ? TimelineStatus.PENDING : i === 22 ? TimelineStatus.REJECTED : TimelineStatus.ACCEPTED;
      if (i === 1) {
        const vic = await createUser(t.ds);
        await connect(t.ds, vic, other);
        vicA = await signInAs(t, vic);
      }
      const tl = await connect(t.ds, carl, other, {
        status,
        privacy: i % 5 === 0 ? Privacy.PUBLIC : Privacy.PRIVATE,
        lastActivity: new Date(base + Math.floor(i / 3) * 60_000),
      });
      await createMemory(t.ds, {
        timelineId: tl.id,
        createdById: carl.id,
        memoryDate: i % 4 ? `2023-02-${10 + (i % 9)}` : null,
      });
    }
  }, 120_000);

  const TIMELINES = `query($first: Int, $after: String) { timelines(first: $first, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`;

  it("timelines (own): pages of 5 = the whole list, most recent activity first, declined left out", async () => {
    const expected = await idsInOrder(
      `SELECT id FROM timelines WHERE (created_by_id = $1 OR collaborator_id = $1) AND status <> 'rejected'
        ORDER BY last_activity DESC, created_at DESC, id DESC`,
      [carl.id],
    );
    expect(expected).toHaveLength(22);
    const walk = await walkGraphql(carlA, TIMELINES, { first: 5 }, (d) => d.timelines);
    expect(walk.ids).toEqual(expected);
    expect((await walkRest(carlA, "/api/timelines?limit=5")).ids).toEqual(expected);
    const pending = await walkRest(carlA, "/api/timelines/filter?status=pending&limit=1");
    expect(pending.sizes).toEqual([1, 1]);
  });

  it("userTimelines: someone two steps away pages through the public, accepted, active ones only", async () => {
    const expected = await idsInOrder(
      `SELECT id FROM timelines WHERE (created_by_id = $1 OR collaborator_id = $1) AND status = 'accepted'
        AND is_active AND privacy = 'public' ORDER BY last_activity DESC, created_at DESC, id DESC`,
      [carl.id],
    );
    expect(expected).toHaveLength(4);
    const Q = `query($i: String!, $first: Int, $after: String) { userTimelines(identifier: $i, first: $first, after: $after) {
      edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`;
    const walk = await walkGraphql(vicA, Q, { i: "pagingcarl", first: 3 }, (d) => d.userTimelines);
    expect(walk.ids).toEqual(expected);
    expect(walk.sizes).toEqual([3, 1]);
    expect((await walkRest(vicA, "/api/timelines/user/pagingcarl?limit=3")).ids).toEqual(expected);
    // a stranger sees none of them
    expect((await walkGraphql(annA, Q, { i: "pagingcarl", first: 3 }, (d) => d.userTimelines)).ids).toEqual([]);
  });

  it("profileMemories: pages merge every visible timeline in the spec's order", async () => {
    const expected = await idsInOrder(
      `SELECT m.id FROM memories m JOIN timelines t ON t.id = m.timeline_id
        WHERE (t.created_by_id = $1 OR t.collaborator_id = $1) AND t.status <> 'rejected'
        ORDER BY m.memory_date DESC NULLS LAST, m.created_at DESC, m.id DESC`,
      [carl.id],
    );
    const Q = `query($first: Int, $after: String) { profileMemories(first: $first, after: $after) {
      totalCount edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`;
    const walk = await walkGraphql(carlA, Q, { first: 4 }, (d) => d.profileMemories);
    expect(walk.ids).toEqual(expected);
    expect(walk.totals.every((n) => n === expected.length)).toBe(true);
    expect((await walkRest(carlA, `/api/memories/profile/pagingcarl?limit=4`)).ids).toEqual(expected);
  });

  it("notifications: pages stay full when notifications the reader may no longer see sit between them", async () => {
    const dana = await createUser(t.ds);
    const danaA = await signInAs(t, dana);
    const x = await createUser(t.ds);
    const hidden = await createTimeline(t.ds, { createdById: x.id, collaboratorId: ann.id, privacy: Privacy.PRIVATE });
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 40; i++) {
      await createNotification(t.ds, {
        recipientId: dana.id,
        message: `d${i}`,
        relatedTimelineId: i % 3 === 0 ? hidden.id : null,
        createdAt: new Date(base + Math.floor(i / 2) * 1000), // pairs share an instant
      });
    }
    const expected = await idsInOrder(
      `SELECT id FROM notifications WHERE recipient_id = $1 AND related_timeline_id IS NULL ORDER BY created_at DESC, id DESC`,
      [dana.id],
    );
    expect(expected).toHaveLength(26);
    const Q = `query($first: Int, $after: String) { notifications(first: $first, after: $after) {
      edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`;
    const walk = await walkGraphql(danaA, Q, { first: 5 }, (d) => d.notifications);
    expect(walk.ids).toEqual(expected);
    expect(walk.sizes).toEqual([5, 5, 5, 5, 5, 1]);
    const rest = await walkRest(danaA, "/api/notifications?limit=5");
    expect(rest.ids).toEqual(expected);
  });
});

describe("bad page arguments and the cost limit", () => {
  const post = (query: string, variables: Record<string, unknown> = {}) =>
    benA.post("/graphql").set("Content-Type", "application/json").send({ query, variables });
  const Q = `query($id: ID!, $first: Int, $after: String) { timeline(id: $id) { memories(first: $first, after: $after) { edges { node { id } } } } }`;

  it.each([
    ["first below 0", { first: -1 }],
    ["first above 100", { first: 101 }],
    ["a cursor that is not one", { after: "garbage!" }],
    ["a tampered cursor", { after: Buffer.from('["m-date",null,"yesterday","x"]').toString("base64url") }],
  ])("%s: HTTP 400 BAD_USER_INPUT", async (_name, vars) => {
    const res = await post(Q, { id: big, ...vars });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  it("a cursor of another list: BAD_USER_INPUT, nothing read", async () => {
    const n = await createNotification(t.ds, { recipientId: ben.id });
    const page = await gql(benA, `{ notifications(first: 1) { edges { cursor node { id } } } }`);
    expect(page.data!.notifications.edges[0].node.id).toBe(n.id);
    const r = await gql(benA, Q, { id: big, after: page.data!.notifications.edges[0].cursor });
    expect(r.errors![0]!.extensions!.code).toBe("BAD_USER_INPUT");
  });

  it("counts list sizes: 100 timelines × 100 memories is refused before it runs; a full screen page passes", async () => {
    const huge = await post(
      `{ timelines(first: 100) { edges { node { id memories(first: 100) { edges { node { id caption } } } } } } }`,
    );
    expect(huge.status).toBe(400);
    expect(huge.body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(huge.body.data).toBeUndefined();
    const viaVariables = await post(
      `query($n: Int) { timelines(first: $n) { edges { node { memories(first: $n) { edges { node { id caption } } } } } } }`,
      { n: 60 },
    );
    expect(viaVariables.status).toBe(400);
    const fine = await post(
      `query($id: ID!) { timeline(id: $id) { memories(first: 100) { edges { node { id caption memoryDate cover { url thumbUrl } } } } } }`,
      { id: big },
    );
    expect(fine.status).toBe(200);
    expect(fine.body.data.timeline.memories.edges).toHaveLength(100);
  });
});

describe("a page costs the statements of the first page", () => {
  it.each([
    [
      "Timeline.memories",
      `query($id: ID!, $after: String) { timeline(id: $id) { memories(first: 20, after: $after) { totalCount edges { node { id caption cover { url } createdBy { username } } } pageInfo { hasNextPage endCursor } } } }`,
      (d: Json) => d.timeline.memories,
    ],
    [
      "notifications",
      `query($after: String) { notifications(first: 2, after: $after) { edges { node { id relatedUser { username } } } pageInfo { hasNextPage endCursor } } }`,
      (d: Json) => d.notifications,
    ],
    [
      "timelines",
      `query($after: String) { timelines(first: 1, after: $after) { edges { node { id memoryCount memories(first: 5) { edges { node { id } } } } } pageInfo { hasNextPage endCursor } } }`,
      (d: Json) => d.timelines,
    ],
  ])("%s: pages 1, 2 and 3 run the same number of statements", async (_name, query, pick) => {
    // ben: the big timeline and more (timelines of 1 a page need 3), notifications from the tests above and these
    for (let i = 0; i < 2; i++) await connect(t.ds, ann, ben);
    for (let i = 0; i < 6; i++) await createNotification(t.ds, { recipientId: ben.id, relatedUserId: ann.id });
    const counter = new QueryCounter(t.ds);
    try {
      const vars: Record<string, unknown> = { id: big, after: null };
      await gql(benA, query, vars); // warm-up
      const counts: number[] = [];
      for (let page = 0; page < 3; page++) {
        let data: Json;
        counts.push(await counter.measure(async () => (data = (await gql(benA, query, vars)).data)));
        const c = pick(data);
        expect(c.edges.length).toBeGreaterThan(0);
        vars.after = c.pageInfo.endCursor;
      }
      expect(new Set(counts).size, `statements per page: ${counts.join(", ")}`).toBe(1);
    } finally {
      counter.restore();
    }
  });

  it("GET /api/memories/filter: every page by Link costs the same", async () => {
    const counter = new QueryCounter(t.ds);
    try {
      let url = `/api/memories/filter?timeline_id=${big}&limit=30`;
      await benA.get(url);
      const counts: number[] = [];
      for (let page = 0; page < 4; page++) {
        let link = "";
        counts.push(
          await counter.measure(async () => (link = (await benA.get(url).expect(200)).headers.link as string)),
        );
        if (page < 3) url = LinkHeader.parse(link).rel("next")[0]!.uri;
      }
      expect(new Set(counts).size, `statements per page: ${counts.join(", ")}`).toBe(1);
    } finally {
      counter.restore();
    }
  });
});
