import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Privacy } from "../../src/entities/timeline.enums.js";
import { QueryCounter } from "../helpers/query-count.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const USERS = 100_000;
const EDGES = 120_000; // average degree 2.4: a sparse graph with a giant component and long paths
/** A deterministic pseudo-random person number 1..USERS from a text seed (same graph every run). */
const rnd = (seedSql: string) => `(1 + ('x' || substr(md5(${seedSql}), 1, 8))::bit(32)::bigint % ${USERS})::int`;
const HUBS = 20; // plus 20 people with 500 connections each

/**
 * The policy stays fast on a large graph: 100k people, ~130k accepted timelines,
 * hubs included. Each check is a bounded bidirectional search over the two partial edge indexes:
 * at most 6 level statements, never a whole-graph scan.
 */
describe("AccessService on a 100k-person graph", () => {
  let t: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await t.ds.query(
      `INSERT INTO users (id, email, username, display_name)
       SELECT md5('scale' || g)::uuid, 'scale' || g || '@example.com', 'scale' || g, 'Scale ' || g
       FROM generate_series(1, ${USERS}) g`,
    );
    await t.ds.query(
      `INSERT INTO timelines (title, status, is_active, privacy, created_by_id, collaborator_id, collaborator_email)
       SELECT 'Edge', 'accepted', true, 'private', md5('scale' || a)::uuid, md5('scale' || b)::uuid, 'scale' || b || '@example.com'
       FROM (SELECT ${rnd("'a' || g")} AS a, ${rnd("'b' || g")} AS b FROM generate_series(1, ${EDGES}) g) x WHERE a <> b`,
    );
    await t.ds.query(
      `INSERT INTO timelines (title, status, is_active, privacy, created_by_id, collaborator_id, collaborator_email)
       SELECT 'Hub', 'accepted', true, 'private', md5('scale' || h)::uuid, md5('scale' || b)::uuid, 'scale' || b || '@example.com'
       FROM generate_series(1, ${HUBS}) h, LATERAL (SELECT ${rnd("'h' || h || ':' || i")} AS b FROM generate_series(1, 500) i) x
       WHERE b <> h`,
    );
    // an island of two, far from everyone
    await t.ds.query(
      `INSERT INTO users (id, email, username, display_name) VALUES
       (md5('island1')::uuid, 'island1@example.com', 'island1', 'Island 1'), (md5('island2')::uuid, 'island2@example.com', 'island2', 'Island 2')`,
    );
    await t.ds.query(
      `INSERT INTO timelines (title, status, privacy, created_by_id, collaborator_id, collaborator_email)
       VALUES ('Island', 'accepted', 'public', md5('island1')::uuid, md5('island2')::uuid, 'island2@example.com')`,
    );
    await t.ds.query(`ANALYZE users; ANALYZE timelines`);
    const [row] = await t.ds.query(`SELECT md5('scale50000')::uuid AS v, md5('island1')::uuid AS i`);
    ids.viewer = row.v;
    ids.island = row.i;
  }, 180_000);
  afterAll(() => t.close());

  /** A public timeline between two people at the given index. */
  async function publicTimelineOf(a: string, b: string): Promise<string> {
    const [row] = await t.ds.query(
      `INSERT INTO timelines (title, status, privacy, created_by_id, collaborator_id, collaborator_email)
       VALUES ('Subject', 'accepted', $3, $1, $2, 'x@example.com') RETURNING id`,
      [a, b, Privacy.PUBLIC],
    );
    return row.id;
  }

  it("decides far, near and unreachable timelines within 6 level statements and well under a second each", async () => {
    const counter = new QueryCounter(t.ds);
    try {
      // people at every distance from the viewer, found with the reference BFS in SQL would be slow;
      // instead take a sample of random people and check the policy against degree().
      const sample: { id: string; other: string }[] = await t.ds.query(
        `SELECT md5('scale' || ${rnd("'s' || g")})::uuid AS id, md5('scale' || ${rnd("'o' || g")})::uuid AS other
         FROM generate_series(1, 40) g`,
      );
      const timings: number[] = [];
      let visible = 0;
      for (const { id, other } of sample) {
        const tl = await publicTimelineOf(id, other);
        counter.reset();
        const started = performance.now();
        const can = await t.services.access.canViewTimeline(ids.viewer!, tl);
        timings.push(performance.now() - started);
        expect(counter.count).toBeLessThanOrEqual(7); // the row + ≤ 6 BFS levels
        const d1 = await t.services.access.degree(ids.viewer!, id, 6);
        const d2 = await t.services.access.degree(ids.viewer!, other, 6);
        expect(can).toBe(d1 !== null || d2 !== null);
        if (can) visible++;
      }
      const island = await t.ds.query(`SELECT id FROM timelines WHERE title = 'Island'`);
      counter.reset();
      const started = performance.now();
      expect(await t.services.access.canViewTimeline(ids.viewer!, island[0].id)).toBe(false);
      const islandMs = performance.now() - started;
      expect(counter.count).toBeLessThanOrEqual(4);

      timings.sort((a, b) => a - b);
      const p50 = timings[Math.floor(timings.length / 2)]!;
      const max = timings.at(-1)!;
      // generous bounds for a shared CI machine; typical numbers are logged below
      expect(p50).toBeLessThan(500);
      expect(max).toBeLessThan(5000);
      process.stdout.write(
        `[access-scale] ${USERS} users, ~${EDGES + HUBS * 500} edges: p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms, ` +
          `island ${islandMs.toFixed(1)} ms, ${visible}/${timings.length} public timelines visible\n`,
      );
    } finally {
      counter.restore();
    }
  }, 120_000);

  it("a list of 200 timelines is decided in one batched search (≤ 7 statements)", async () => {
    const rows: { id: string }[] = await t.ds.query(`SELECT id FROM timelines WHERE title = 'Subject' LIMIT 40`);
    const more: { id: string }[] = await t.ds.query(
      `UPDATE timelines SET privacy = 'public' WHERE id IN (SELECT id FROM timelines WHERE title = 'Edge' LIMIT 160) RETURNING id`,
    );
    const all = [...rows, ...(Array.isArray(more[0]) ? (more[0] as unknown as { id: string }[]) : more)].map(
      (r) => r.id,
    );
    const counter = new QueryCounter(t.ds);
    try {
      const started = performance.now();
      const n = await counter.measure(() => t.services.access.visibleTimelineIds(ids.viewer!, all));
      const ms = performance.now() - started;
      expect(n).toBeLessThanOrEqual(7);
      expect(ms).toBeLessThan(10_000); // loose: shared machines under load; typical ~150–300 ms (logged)
      process.stdout.write(`[access-scale] batch of ${all.length} timelines: ${n} statements, ${ms.toFixed(1)} ms\n`);
    } finally {
      counter.restore();
    }
  }, 60_000);
});
