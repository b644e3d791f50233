import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Privacy } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMedia, createMemory, createNotification, createUser } from "../factories/index.js";
import { QueryCounter } from "../helpers/query-count.js";
import { gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Per-operation SQL statement counts must not grow with the size of the lists returned
 * (docs/performance-goals.md A2, QueryRecorder style): the same world is built with 3 and with 30
 * items, every operation is run once to warm up and once measured, and the counts must be equal.
 * Counting: test/helpers/query-count.ts (wraps TypeORM's logger.logQuery, which sees every
 * statement; the session store's own pool queries are not included and are constant anyway).
 */

const USER = `id username displayName email profilePhotoUrl`;
const MEMORY = `id position caption memoryDate canEdit timelineId createdBy { ${USER} } media { id type url thumbUrl posterUrl } timeline { id title }`;
const TIMELINE = `id title status privacy lastActivity previewImages memoryCount isParticipant canRespond collaboratorEmail
  createdBy { ${USER} } collaborator { ${USER} }`;

interface World {
  viewer: User;
  agent: Agent;
  subjectTimelineId: string;
  profile: User;
}

/** A world where every list the viewer can ask for has n items. */
async function buildWorld(t: TestApp, n: number, tag: string): Promise<World> {
  const viewer = await createUser(t.ds, { displayName: `Viewer ${tag}` });
  const profile = await createUser(t.ds, { username: `profile${tag}`, displayName: `Profile ${tag}` });
  await connect(t.ds, viewer, profile); // the viewer is one hop from the profile

  // timelines: n own timelines with n different people, each with a memory (previews + counts)
  let subjectTimelineId = "";
  const own: string[] = [];
  for (let i = 0; i < n; i++) {
    const other = await createUser(t.ds, { displayName: `Match${tag} ${i}` });
    const tl = await connect(t.ds, i % 2 ? viewer : other, i % 2 ? other : viewer, { title: `Own ${i}` });
    const m = await createMemory(t.ds, { timelineId: tl.id, createdById: i % 2 ? viewer.id : other.id });
    await t.ds.query(`UPDATE timelines SET preview_media_ids = ARRAY[$2::uuid] WHERE id = $1`, [tl.id, m.mediaId]);
    if (i === 0) subjectTimelineId = tl.id;
    own.push(tl.id);
  }
  // timeline(id): the subject gets n memories in all
  const subject = await t.ds.query(`SELECT created_by_id, collaborator_id FROM timelines WHERE id = $1`, [
    subjectTimelineId,
  ]);
  for (let i = 1; i < n; i++) {
    await createMemory(t.ds, {
      timelineId: subjectTimelineId,
      createdById: i % 2 ? subject[0].created_by_id : subject[0].collaborator_id,
    });
  }
  // the profile: n public timelines with n different partners, a memory each (userTimelines,
  // profileMemories, relationships)
  for (let i = 0; i < n; i++) {
    const partner = await createUser(t.ds);
    const tl = await connect(t.ds, profile, partner, { privacy: Privacy.PUBLIC, title: `Profile ${i}` });
    await createMemory(t.ds, {
      timelineId: tl.id,
      createdById: partner.id,
      memoryDate: i % 3 ? `2024-01-${String((i % 28) + 1).padStart(2, "0")}` : null,
    });
  }
  // notifications from n different people
  for (let i = 0; i < n; i++) {
    const from = await createUser(t.ds);
    await createNotification(t.ds, {
      recipientId: viewer.id,
      relatedUserId: from.id,
      relatedTimelineId: subjectTimelineId,
      message: `n${i}`,
    });
  }
  // a proposal notice about each own timeline: its outcome (proposalStatus) comes with the notice's row
  for (const timelineId of own) {
    await createNotification(t.ds, {
      recipientId: viewer.id,
      type: NotificationType.TIMELINE_PROPOSAL,
      relatedTimelineId: timelineId,
      message: "proposal",
    });
  }
  return { viewer, agent: await signInAs(t, viewer), subjectTimelineId, profile };
}

/**
 * A visitor's world: a semi-private timeline of n memories between two people, and a visitor two
 * steps away from it (connected to one of them), who may see it without being in it.
 */
async function buildVisitorWorld(t: TestApp, n: number, tag: string): Promise<World> {
  const owner = await createUser(t.ds, { username: `owner${tag}`, displayName: `Owner ${tag}` });
  const partner = await createUser(t.ds, { displayName: `Partner ${tag}` });
  const visitor = await createUser(t.ds, { displayName: `Visitor ${tag}` });
  const tl = await connect(t.ds, owner, partner, { privacy: Privacy.SEMI_PRIVATE, title: `Shared ${tag}` });
  await connect(t.ds, visitor, partner, { title: `Link ${tag}` });
  for (let i = 0; i < n; i++) {
    await createMemory(t.ds, { timelineId: tl.id, createdById: i % 2 ? owner.id : partner.id });
  }
  return { viewer: visitor, agent: await signInAs(t, visitor), subjectTimelineId: tl.id, profile: owner };
}

/**
 * Memories of several photos (docs/decisions/051-several-photos-per-memory.md): a timeline of n
 * memories between the viewer and another person, each holding 3 photos.
 */
async function buildSeveralWorld(t: TestApp, n: number, tag: string): Promise<World> {
  const viewer = await createUser(t.ds, { displayName: `Several ${tag}` });
  const other = await createUser(t.ds);
  const tl = await connect(t.ds, viewer, other, { title: `Trip ${tag}` });
  for (let i = 0; i < n; i++) {
    const m = await createMemory(t.ds, { timelineId: tl.id, createdById: viewer.id });
    for (const position of [1, 2]) {
      const f = await createMedia(t.ds, { ownerId: viewer.id, attached: true });
      await t.ds.query(`INSERT INTO memory_media (memory_id, media_file_id, position) VALUES ($1, $2, $3)`, [
        m.id,
        f.id,
        position,
      ]);
    }
  }
  return { viewer, agent: await signInAs(t, viewer), subjectTimelineId: tl.id, profile: viewer };
}

interface Operation {
  name: string;
  run(w: World, tag: string): Promise<{ size: number }>;
}

const graphql = (
  name: string,
  query: string,
  vars: (w: World, tag: string) => Record<string, unknown>,
  pick: (data: Json) => unknown[],
): Operation => ({
  name,
  async run(w, tag) {
    const r = await gql(w.agent, query, vars(w, tag));
    if (r.errors) throw new Error(JSON.stringify(r.errors));
    return { size: pick(r.data).length };
  },
});
const rest = (name: string, path: (w: World) => string): Operation => ({
  name,
  async run(w) {
    const res = await w.agent.get(path(w));
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return { size: (res.body as unknown[]).length };
  },
});

/** A connection selection: `field(args) { totalCount? edges { cursor node { … } } pageInfo { … } }`. */
const conn = (field: string, node: string, total = false) =>
  `${field} { ${total ? "totalCount " : ""}edges { cursor node { ${node} } } pageInfo { hasNextPage endCursor } }`;
const nodes = (c: Json) => (c.edges as Json[]).map((e) => e.node);

const OPERATIONS: Operation[] = [
  graphql(
    "timelines",
    `{ ${conn("timelines(first: 35)", `${TIMELINE} ${conn("memories(first: 3)", MEMORY, true)}`)} }`,
    () => ({}),
    (d) => nodes(d.timelines),
  ),
  graphql(
    "timeline(id) with memories",
    `query($id: ID!) { timeline(id: $id) { ${TIMELINE} ${conn("memories(first: 40)", MEMORY, true)} } }`,
    (w) => ({ id: w.subjectTimelineId }),
    (d) => nodes(d.timeline.memories),
  ),
  graphql(
    "profileMemories",
    `query($i: String) { ${conn("profileMemories(identifier: $i, first: 40)", MEMORY)} }`,
    (w) => ({ i: w.profile.username }),
    (d) => nodes(d.profileMemories),
  ),
  graphql(
    "profileMemories (own)",
    `{ ${conn("profileMemories(first: 40)", MEMORY)} }`,
    () => ({}),
    (d) => nodes(d.profileMemories),
  ),
  graphql(
    "relationships",
    `query($i: String) { relationships(identifier: $i) { otherUser { ${USER} } memoryCount isActive timelineTitle } }`,
    (w) => ({ i: w.profile.username }),
    (d) => d.relationships,
  ),
  graphql(
    "relationships (own)",
    `{ relationships { otherUser { ${USER} } memoryCount isActive timelineTitle } }`,
    () => ({}),
    (d) => d.relationships,
  ),
  graphql(
    "notifications",
    `{ ${conn("notifications(first: 50)", `id type message isRead createdAt relatedTimelineId actionUrl proposalStatus relatedUser { ${USER} }`)} }`,
    () => ({}),
    (d) => nodes(d.notifications),
  ),
  graphql(
    "userTimelines",
    `query($i: String!) { ${conn("userTimelines(identifier: $i, first: 35)", `${TIMELINE} ${conn("memories(first: 3)", MEMORY)}`)} }`,
    (w) => ({ i: w.profile.username }),
    (d) => nodes(d.userTimelines),
  ),
  graphql(
    "searchUsers",
    `query($q: String!) { searchUsers(query: $q) { ${USER} } }`,
    (_w, tag) => ({ q: `match${tag}` }),
    (d) => d.searchUsers,
  ),
  // what is new since the last visit (docs/decisions/055-reminders-invite-links-and-new-marks.md)
  graphql(
    "timelines with newMemoryCount",
    `{ ${conn("timelines(first: 35)", `${TIMELINE} newMemoryCount`)} }`,
    () => ({}),
    (d) => nodes(d.timelines),
  ),
  graphql(
    "timeline(id) with memories' isNew",
    `query($id: ID!) { timeline(id: $id) { ${TIMELINE} newMemoryCount ${conn("memories(first: 40)", `${MEMORY} isNew`)} } }`,
    (w) => ({ id: w.subjectTimelineId }),
    (d) => nodes(d.timeline.memories),
  ),
  rest("GET /api/timelines", () => "/api/timelines"),
  rest("GET /api/memories/filter", (w) => `/api/memories/filter?timeline_id=${w.subjectTimelineId}&sort=-memory_date`),
  rest("GET /api/memories/profile/:identifier", (w) => `/api/memories/profile/${w.profile.username}`),
  rest("GET /api/timelines/user/:identifier", (w) => `/api/timelines/user/${w.profile.username}`),
  rest("GET /api/user-relationships/user/:identifier", (w) => `/api/user-relationships/user/${w.profile.username}`),
  rest("GET /api/user-relationships/my-relationships", () => `/api/user-relationships/my-relationships`),
  rest("GET /api/notifications", () => "/api/notifications?limit=50"),
];

/** A visitor's reads of a timeline they may see without being in it (docs/decisions/028-fast-graphql-path.md). */
const VISITOR_OPERATIONS: Operation[] = [
  graphql(
    "timeline(id) with memories, as a visitor",
    `query($id: ID!) { timeline(id: $id) { ${TIMELINE} ${conn("memories(first: 40)", MEMORY, true)} } }`,
    (w) => ({ id: w.subjectTimelineId }),
    (d) => nodes(d.timeline.memories),
  ),
  graphql(
    "userTimelines with memories, as a visitor",
    `query($i: String!) { ${conn("userTimelines(identifier: $i, first: 2)", `${TIMELINE} ${conn("memories(first: 30)", MEMORY)}`)} }`,
    (w) => ({ i: w.profile.username }),
    (d) => nodes(nodes(d.userTimelines)[0].memories),
  ),
  rest(
    "GET /api/memories/filter, as a visitor",
    (w) => `/api/memories/filter?timeline_id=${w.subjectTimelineId}&sort=-memory_date`,
  ),
];

/** Every photo of each memory: the memory read primes their order; their rows come in one statement. */
const SEVERAL_OPERATIONS: Operation[] = [
  graphql(
    "timeline(id) with memories of 3 photos each",
    `query($id: ID!) { timeline(id: $id) { ${TIMELINE} ${conn("memories(first: 40)", `${MEMORY} cover { id } media { id type url thumbUrl posterUrl }`, true)} } }`,
    (w) => ({ id: w.subjectTimelineId }),
    (d) =>
      nodes(d.timeline.memories).map((m: Json) => {
        if ((m.media as unknown[]).length !== 3) throw new Error("a memory without its 3 photos");
        return m;
      }),
  ),
  rest(
    "GET /api/memories/filter, memories of 3 photos each",
    (w) => `/api/memories/filter?timeline_id=${w.subjectTimelineId}&sort=-memory_date`,
  ),
];

describe("SQL statements per operation do not grow with list size (3 vs 30 items)", () => {
  let t: TestApp;
  let small: World;
  let large: World;
  let smallVisitor: World;
  let largeVisitor: World;
  let smallSeveral: World;
  let largeSeveral: World;
  let counter: QueryCounter;

  beforeAll(async () => {
    t = await createTestApp();
    small = await buildWorld(t, 3, "s");
    large = await buildWorld(t, 30, "l");
    smallVisitor = await buildVisitorWorld(t, 3, "vs");
    largeVisitor = await buildVisitorWorld(t, 30, "vl");
    smallSeveral = await buildSeveralWorld(t, 3, "ms");
    largeSeveral = await buildSeveralWorld(t, 30, "ml");
    counter = new QueryCounter(t.ds);
  }, 120_000);
  afterAll(async () => {
    counter.restore();
    await t.close();
  });

  it.each(OPERATIONS.map((op) => [op.name, op] as const))("%s", async (_name, op) => {
    await op.run(small, "s"); // warm-up
    let smallSize = 0;
    let largeSize = 0;
    const nSmall = await counter.measure(async () => (smallSize = (await op.run(small, "s")).size));
    const smallLog = [...counter.statements];
    const nLarge = await counter.measure(async () => (largeSize = (await op.run(large, "l")).size));
    expect(smallSize).toBeGreaterThanOrEqual(3);
    expect(largeSize).toBeGreaterThan(smallSize); // the lists really differ in size
    expect(nLarge, `3 items:\n${smallLog.join("\n")}\n\n30 items:\n${counter.statements.join("\n")}`).toBe(nSmall);
    expect(nSmall, smallLog.join("\n")).toBeLessThanOrEqual(6); // every read, the session read included (docs/performance-goals.md T-N1-3)
    process.stdout.write(
      `[query-count] ${op.name}: ${nSmall} statements for ${smallSize} and for ${largeSize} items\n`,
    );
  });

  // a reader who is not in the timeline: the access search adds its levels, still at most 6 in all
  // (docs/performance-goals.md T-N1-3)
  it.each(VISITOR_OPERATIONS.map((op) => [op.name, op] as const))("%s", async (_name, op) => {
    await op.run(smallVisitor, "vs"); // warm-up
    let smallSize = 0;
    let largeSize = 0;
    const nSmall = await counter.measure(async () => (smallSize = (await op.run(smallVisitor, "vs")).size));
    const smallLog = [...counter.statements];
    const nLarge = await counter.measure(async () => (largeSize = (await op.run(largeVisitor, "vl")).size));
    expect(smallSize).toBe(3);
    expect(largeSize).toBe(30);
    expect(nLarge, `3 items:\n${smallLog.join("\n")}\n\n30 items:\n${counter.statements.join("\n")}`).toBe(nSmall);
    expect(nSmall, smallLog.join("\n")).toBeLessThanOrEqual(6);
    process.stdout.write(
      `[query-count] ${op.name}: ${nSmall} statements for ${smallSize} and for ${largeSize} items\n`,
    );
  });

  it.each(SEVERAL_OPERATIONS.map((op) => [op.name, op] as const))("%s", async (_name, op) => {
    await op.run(smallSeveral, "ms"); // warm-up
    let smallSize = 0;
    let largeSize = 0;
    const nSmall = await counter.measure(async () => (smallSize = (await op.run(smallSeveral, "ms")).size));
    const smallLog = [...counter.statements];
    const nLarge = await counter.measure(async () => (largeSize = (await op.run(largeSeveral, "ml")).size));
    expect(smallSize).toBe(3);
    expect(largeSize).toBe(30);
    expect(nLarge, `3 items:\n${smallLog.join("\n")}\n\n30 items:\n${counter.statements.join("\n")}`).toBe(nSmall);
    expect(nSmall, smallLog.join("\n")).toBeLessThanOrEqual(6);
    process.stdout.write(
      `[query-count] ${op.name}: ${nSmall} statements for ${smallSize} and for ${largeSize} items\n`,
    );
  });
});
