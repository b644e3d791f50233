import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneGraphChanges } from "../../src/modules/access/graph-changes.js";
import { GraphSnapshot } from "../../src/modules/access/graph-snapshot.js";
import { GraphSnapshots } from "../../src/modules/access/graph-snapshots.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createTimeline, createUser } from "../factories/index.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * Keeping the audience's graph snapshot current (docs/decisions/025-audience-preview.md, "Keeping
 * the snapshot current"): the triggers log each edge change under the version they bump (migration
 * `AccessGraphChanges`), and every process applies the log to its snapshot instead of rebuilding.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Row {
  version: string;
  a: string;
  b: string;
  delta: number;
}
const head = async () =>
  BigInt(((await t.ds.query(`SELECT version::text AS v FROM access_graph_version`)) as { v: string }[])[0]!.v);
const logSince = async (v: bigint): Promise<Row[]> =>
  t.ds.query(
    `SELECT version::text AS version, a::text, b::text, delta FROM access_graph_changes WHERE version > $1
    ORDER BY version, a, b`,
    [v.toString()],
  );
const pair = (x: User, y: User) => (x.id < y.id ? { a: x.id, b: y.id } : { a: y.id, b: x.id });
const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t.ds)));

/** Every person's reach compared with a snapshot built from the database now. */
async function expectCurrent(snapshots: GraphSnapshots) {
  const snapshot = await snapshots.get();
  const edges: { a: string; b: string }[] = await t.ds.query(
    `SELECT created_by_id::text AS a, collaborator_id::text AS b FROM timelines
     WHERE status = 'accepted' AND is_active AND collaborator_id IS NOT NULL`,
  );
  const fresh = GraphSnapshot.fromEdges(await head(), edges);
  expect(snapshot.version).toBe(fresh.version);
  const people: { id: string }[] = await t.ds.query(`SELECT id::text FROM users`);
  for (const { id } of people) {
    expect(snapshot.within([id], 6).ids().sort(), id).toEqual(fresh.within([id], 6).ids().sort());
    expect(snapshot.neighboursOf(id).sort()).toEqual(fresh.neighboursOf(id).sort());
  }
}

describe("the triggers log edge changes under the version they bump", () => {
  it("+1 / −1 per edge row, net per pair and statement, nothing for writes that change no edge", async () => {
    const [x, y, z] = await users(3);
    let v = await head();
    const edge = await connect(t.ds, x!, y!);
    expect(await logSince(v)).toEqual([{ version: String(v + 1n), ...pair(x!, y!), delta: 1 }]);

    v = await head();
    const proposal = await createTimeline(t.ds, {
      createdById: x!.id,
      collaboratorId: z!.id,
      status: TimelineStatus.PENDING,
    });
    await t.ds.getRepository(Timeline).update({ id: edge.id }, { title: "Renamed", lastActivity: new Date() });
    expect(await head()).toBe(v);
    expect(await logSince(v)).toEqual([]);

    await t.ds.getRepository(Timeline).update({ id: proposal.id }, { status: TimelineStatus.ACCEPTED });
    await t.ds.getRepository(Timeline).update({ id: edge.id }, { isActive: false });
    expect(await logSince(v)).toEqual([
      { version: String(v + 1n), ...pair(x!, z!), delta: 1 },
      { version: String(v + 2n), ...pair(x!, y!), delta: -1 },
    ]);

    // one statement: two rows of one pair (+2), and a re-paired edge (−1 old pair, +1 new pair)
    v = await head();
    await t.ds.query(
      `INSERT INTO timelines (title, status, is_active, privacy, created_by_id, collaborator_id, collaborator_email, preview_media_ids, last_activity)
       SELECT 'Bulk', 'accepted', true, 'private', $1, $2, 'bulk@example.com', '{}', now() FROM generate_series(1, 2)`,
      [y!.id, z!.id],
    );
    await t.ds.getRepository(Timeline).update({ id: proposal.id }, { collaboratorId: y!.id });
    await t.ds.getRepository(Timeline).delete({ id: edge.id }); // inactive: no edge, no change
    expect(await logSince(v)).toEqual(
      [
        { version: String(v + 1n), ...pair(y!, z!), delta: 2 },
        { version: String(v + 2n), ...pair(x!, y!), delta: 1 },
        { version: String(v + 2n), ...pair(x!, z!), delta: -1 },
      ].sort((p, q) => p.version.localeCompare(q.version) || p.a.localeCompare(q.a) || p.b.localeCompare(q.b)),
    );
    expect(await head()).toBe(v + 2n);
  });
});

describe("two processes on one database", () => {
  it("see each other's accepts, deactivations and deletions at once, without a rebuild", async () => {
    const [a, b, c, d] = await users(4);
    await connect(t.ds, a!, b!);
    const one = new GraphSnapshots(t.ds);
    const two = new GraphSnapshots(t.ds);
    await one.get();
    await two.get();
    const reach = async (s: GraphSnapshots, id: string) => (await s.get()).within([id], 6).ids().sort();

    // an accept through the real service, made "in" process one
    const proposal = await t.services.timelines.create(t.services.access.viewer(c!.id), {
      title: "Us",
      collaboratorId: b!.id,
      privacy: "public",
    });
    expect(await reach(two, a!.id)).toEqual([a!.id, b!.id].sort());
    await t.services.timelines.respond(t.services.access.viewer(b!.id), proposal.id, true);
    expect(await reach(two, a!.id)).toEqual([a!.id, b!.id, c!.id].sort());
    expect(await reach(one, c!.id)).toEqual([a!.id, b!.id, c!.id].sort());

    // a second timeline of the same pair, then one of the two deactivated: still connected
    const again = await connect(t.ds, b!, c!);
    await t.ds.getRepository(Timeline).update({ id: proposal.id }, { isActive: false });
    expect(await reach(one, a!.id)).toEqual([a!.id, b!.id, c!.id].sort());
    // the last one deleted through the service: c is gone from a's reach, in both
    await t.services.timelines.delete(t.services.access.viewer(c!.id), again.id);
    expect(await reach(two, a!.id)).toEqual([a!.id, b!.id].sort());
    expect(await reach(one, c!.id)).toEqual([c!.id]);
    await connect(t.ds, d!, c!);
    expect(await reach(one, d!.id)).toEqual([c!.id, d!.id].sort());

    expect({ one: one.builds, two: two.builds }).toEqual({ one: 1, two: 1 });
    expect(one.advances).toBeGreaterThan(0);
    expect(two.advances).toBeGreaterThan(0);
    await expectCurrent(one);
    await expectCurrent(two);
  });

  it("a large overlay is folded into a fresh base in the background, answering from base + overlay meanwhile", async () => {
    const [a, b, c, d] = await users(4);
    const s = new GraphSnapshots(t.ds, undefined, { overlayLimit: 0 });
    const first = await s.get();
    await connect(t.ds, a!, b!);
    const answered = await s.get(); // applied at once; the rebuild starts behind it
    expect(answered).toBe(first);
    expect(answered.within([a!.id], 1).ids().sort()).toEqual([a!.id, b!.id].sort());
    const rebuilding = s.rebuilding;
    expect(rebuilding).not.toBeNull();
    await connect(t.ds, b!, c!); // perhaps while it is read: then the new base catches up from the log
    expect((await s.get()).within([a!.id], 6).size).toBe(3);
    await rebuilding;
    expect(s.builds).toBe(2);
    await connect(t.ds, c!, d!);
    const after = await s.get();
    expect(after).not.toBe(first);
    expect(after.within([a!.id], 6).size).toBe(4);
    await s.rebuilding;
    await expectCurrent(s);
  });

  it("a deleted account leaves no row in the log: its versions go whole, and a process that needed them rebuilds", async () => {
    const [a, b, c, gone] = await users(4);
    const s = new GraphSnapshots(t.ds);
    await s.get();
    // one statement logs a pair with the person and a pair without, under one version
    await t.ds.query(
      `INSERT INTO timelines (title, status, is_active, privacy, created_by_id, collaborator_id, collaborator_email, preview_media_ids, last_activity)
       VALUES ('One', 'accepted', true, 'private', $1, $2, 'x@example.com', '{}', now()),
              ('Two', 'accepted', true, 'private', $3, $4, 'y@example.com', '{}', now())`,
      [a!.id, b!.id, c!.id, gone!.id],
    );
    const v = await head();
    expect((await logSince(v - 1n)).length).toBe(2);
    await t.ds.query(`DELETE FROM timelines WHERE created_by_id = $1 OR collaborator_id = $1`, [gone!.id]);
    await t.ds.query(`DELETE FROM users WHERE id = $1`, [gone!.id]);
    const named: unknown[] = await t.ds.query(`SELECT 1 FROM access_graph_changes WHERE $1 IN (a, b)`, [gone!.id]);
    expect(named).toEqual([]);
    expect(await logSince(v - 1n)).toEqual([]); // the a–b row went with its version
    await expectCurrent(s);
    expect(s.builds).toBe(2);
  });

  it("a question asked during the warm-up waits for that same build", async () => {
    const s = new GraphSnapshots(t.ds);
    const warming = s.warm();
    const snapshot = await s.get();
    await warming;
    expect(s.builds).toBe(1);
    expect(snapshot.version).toBe(await head());
  });

  it("a gap in the log (pruned) or a TRUNCATE-like bump rebuilds; pruning keeps recent rows", async () => {
    const [a, b, c] = await users(3);
    const s = new GraphSnapshots(t.ds);
    await s.get();
    await connect(t.ds, a!, b!);
    await s.get();
    expect(s.builds).toBe(1);

    // the process sleeps; the log it needs ages and is pruned
    await connect(t.ds, b!, c!);
    await connect(t.ds, a!, c!);
    await t.ds.query(`UPDATE access_graph_changes SET created_at = now() - interval '2 days'
      WHERE version < (SELECT max(version) FROM access_graph_changes)`);
    const before = Number((await t.ds.query(`SELECT count(*)::int AS n FROM access_graph_changes`))[0].n);
    expect(await pruneGraphChanges(t.ds)).toBe(before - 1);
    expect((await logSince(0n)).map((r) => r.a + r.b)).toEqual([pair(a!, c!).a + pair(a!, c!).b]);
    await expectCurrent(s);
    expect(s.builds).toBe(2);

    // a version with no logged pairs (what TRUNCATE leaves) is a gap too
    await t.ds.query(`UPDATE access_graph_version SET version = version + 1`);
    await expectCurrent(s);
    expect(s.builds).toBe(3);
    await connect(t.ds, c!, await createUser(t.ds));
    await expectCurrent(s);
    expect(s.builds).toBe(3);
  });
});

describe("versions follow commit order", () => {
  it("a transaction cannot take a version while an earlier one's change is uncommitted", async () => {
    const [a, b, c] = await users(3);
    const first = await createTimeline(t.ds, {
      createdById: a!.id,
      collaboratorId: b!.id,
      status: TimelineStatus.PENDING,
    });
    const second = await createTimeline(t.ds, {
      createdById: b!.id,
      collaboratorId: c!.id,
      status: TimelineStatus.PENDING,
    });
    const reader = new GraphSnapshots(t.ds);
    await reader.get();
    const v = await head();
    const t1 = t.ds.createQueryRunner();
    const t2 = t.ds.createQueryRunner();
    try {
      await t1.startTransaction();
      await t1.query(`UPDATE timelines SET status = 'accepted' WHERE id = $1`, [first.id]);
      await t2.startTransaction();
      const [{ pid }]: { pid: number }[] = await t2.query(`SELECT pg_backend_pid() AS pid`);
      let t2Done = false;
      const t2Write = t2.query(`UPDATE timelines SET status = 'accepted' WHERE id = $1`, [second.id]).then(() => {
        t2Done = true;
      });
      // t2 must wait for t1's lock on the version row before it can log anything
      for (;;) {
        const waiting: unknown[] = await t.ds.query(
          `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'`,
          [pid],
        );
        expect(t2Done, "the second change got a version while the first was uncommitted").toBe(false);
        if (waiting.length) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await reader.get()).version).toBe(v); // nothing committed yet
      await t1.commitTransaction();
      await t2Write;
      // the reader sees t1's change, and t2's later, under the next version: none is ever skipped
      expect((await reader.get()).within([a!.id], 6).ids().sort()).toEqual([a!.id, b!.id].sort());
      expect((await reader.get()).version).toBe(v + 1n);
      await t2.commitTransaction();
      expect((await reader.get()).within([a!.id], 6).ids().sort()).toEqual([a!.id, b!.id, c!.id].sort());
      expect((await logSince(v)).map((r) => r.version)).toEqual([String(v + 1n), String(v + 2n)]);
      expect(reader.builds).toBe(1);
    } finally {
      if (t1.isTransactionActive) await t1.rollbackTransaction();
      if (t2.isTransactionActive) await t2.rollbackTransaction();
      await t1.release();
      await t2.release();
    }
  });

  it("many concurrent writers, committing in any order, and a reader following along: no change is missed", async () => {
    const people = await users(12);
    const reader = new GraphSnapshots(t.ds);
    await reader.get();
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let writing = true;
    const following = (async () => {
      while (writing) await reader.get();
    })();
    const writer = async (i: number) => {
      for (let round = 0; round < 4; round++) {
        const q = t.ds.createQueryRunner();
        try {
          await q.startTransaction();
          const x = people[Math.floor(rnd() * people.length)]!;
          const y = people[(people.indexOf(x) + 1 + Math.floor(rnd() * 11)) % people.length]!;
          if (rnd() < 0.3)
            await q.query(
              `DELETE FROM timelines WHERE id IN (SELECT id FROM timelines WHERE created_by_id = $1 LIMIT 1)`,
              [x.id],
            );
          else
            await q.query(
              `INSERT INTO timelines (title, status, is_active, privacy, created_by_id, collaborator_id, collaborator_email, preview_media_ids, last_activity)
               VALUES ($3, 'accepted', true, 'private', $1, $2, 'w@example.com', '{}', now())`,
              [x.id, y.id, `w${i}.${round}`],
            );
          await new Promise((r) => setTimeout(r, Math.floor(rnd() * 15)));
          if (rnd() < 0.15) await q.rollbackTransaction();
          else await q.commitTransaction();
        } finally {
          await q.release();
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4].map(writer));
    writing = false;
    await following;
    await expectCurrent(reader);
    expect(reader.builds).toBe(1);
  });
});
