import { describe, expect, it } from "vitest";
import { TIER_REACH } from "../../src/modules/access/access.service.js";
import { GraphSnapshot } from "../../src/modules/access/graph-snapshot.js";
import { Ball, reach } from "../../src/modules/access/reach.js";

/** Small deterministic PRNG, so a failure names a graph that can be rebuilt. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random multigraph: clusters with bridges, repeated pairs (two timelines of one pair) included. */
function randomEdges(seed: number, people: number, edges: number) {
  const r = rng(seed);
  const out: { a: string; b: string }[] = [];
  while (out.length < edges) {
    const a = Math.floor(r() * people);
    const b = r() < 0.2 ? Math.floor(r() * people) : (a + 1 + Math.floor(r() * 4)) % people;
    if (a !== b) out.push({ a: `p${a}`, b: `p${b}` });
  }
  return out;
}

/**
 * The audience snapshot (docs/decisions/025-audience-preview.md) answers "who is within k of
 * either participant" exactly as the search of every read (`reach.ts`) does, on the same graph.
 */
describe("GraphSnapshot.within agrees with reach()", () => {
  it.each([1, 2, 3, 4, 5])("random graph %i: every person, every tier reach", async (seed) => {
    const people = 120;
    const snapshot = GraphSnapshot.fromEdges(1n, randomEdges(seed, people, 150));
    const r = rng(seed + 100);
    for (let q = 0; q < 6; q++) {
      const seeds = [`p${Math.floor(r() * people)}`, `p${Math.floor(r() * people)}`];
      for (const k of [TIER_REACH["semi-private"], TIER_REACH.public, 1, 3]) {
        const members = snapshot.within(seeds, k).ids();
        const everyone = Array.from({ length: people }, (_, i) => `p${i}`);
        const distances = await Promise.all(
          everyone.map(async (p) => (await reach(new Ball(p), snapshot.expand, [{ seeds, maxDepth: k }]))[0]),
        );
        const expected = everyone.filter((_, i) => distances[i] !== null);
        expect([...members].sort()).toEqual([...new Set([...expected, ...seeds])].sort());
      }
    }
  });

  it("a seed without any edge is its own audience; neighbours are listed once", () => {
    const snapshot = GraphSnapshot.fromEdges(1n, [
      { a: "x", b: "y" },
      { a: "y", b: "x" },
      { a: "y", b: "z" },
    ]);
    expect(snapshot.within(["alone"], 6).ids()).toEqual(["alone"]);
    expect(snapshot.within(["alone", "x"], 1).size).toBe(3);
    expect(snapshot.neighboursOf("y").sort()).toEqual(["x", "z"]);
    expect(snapshot.within(["x"], 1).ids().sort()).toEqual(["x", "y"]);
    expect(snapshot.within(["x"], 2).ids().sort()).toEqual(["x", "y", "z"]);
    expect(snapshot.within(["x"], 0).ids()).toEqual(["x"]);
    const first = snapshot.within(["x"], 1);
    snapshot.within(["z"], 1);
    expect(() => first.has("x")).toThrow();
  });
});

describe("GraphSnapshot.fromPackedEdges", () => {
  it("reads 72-character records of two uuids as the same graph as the pairs", () => {
    const ids = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const pairs = [
      { a: ids[0]!, b: ids[1]! },
      { a: ids[1]!, b: ids[2]! },
      { a: ids[3]!, b: ids[4]! },
    ];
    const packed = GraphSnapshot.fromPackedEdges(2n, pairs.map((p) => p.a + p.b).join(""));
    const plain = GraphSnapshot.fromEdges(2n, pairs);
    for (const id of ids) {
      expect(packed.within([id], 6).ids().sort()).toEqual(plain.within([id], 6).ids().sort());
      expect(packed.neighboursOf(id).sort()).toEqual(plain.neighboursOf(id).sort());
    }
    expect(packed.size).toBe(5);
    expect(GraphSnapshot.fromPackedEdges(1n, "").size).toBe(0);
  });
});

/**
 * The change log applied to the overlay (docs/decisions/025-audience-preview.md, "Keeping the
 * snapshot current") must give the graph a fresh rebuild gives: random edge rows appear and
 * disappear (repeated pairs, newcomers and people who lose every edge included), in batches the
 * way the triggers log them (one version per statement, net count per pair).
 */
describe("GraphSnapshot.advance equals a fresh rebuild", () => {
  /** The triggers' log of one statement: net change per unordered pair, zero sums left out. */
  function logged(version: bigint, added: { a: string; b: string }[], removed: { a: string; b: string }[]) {
    const net = new Map<string, { a: string; b: string; delta: number }>();
    for (const [rows, d] of [
      [added, 1],
      [removed, -1],
    ] as const)
      for (const { a, b } of rows) {
        const [x, y] = a < b ? [a, b] : [b, a];
        const e = net.get(x + "|" + y) ?? { a: x, b: y, delta: 0 };
        e.delta += d;
        net.set(x + "|" + y, e);
      }
    return [...net.values()].filter((e) => e.delta !== 0).map((e) => ({ version, ...e }));
  }

  function expectSameGraph(actual: GraphSnapshot, expected: GraphSnapshot, people: string[]) {
    for (const p of people) {
      expect(actual.neighboursOf(p).sort(), p).toEqual(expected.neighboursOf(p).sort());
      for (const k of [1, TIER_REACH["semi-private"], TIER_REACH.public]) {
        const a = actual.within([p], k).ids().sort();
        expect(a, `${p} within ${k}`).toEqual(expected.within([p], k).ids().sort());
      }
    }
    const r = rng(people.length);
    for (let q = 0; q < 20; q++) {
      const pair = [people[Math.floor(r() * people.length)]!, people[Math.floor(r() * people.length)]!];
      expect(actual.within(pair, 2).size).toBe(expected.within(pair, 2).size);
    }
  }

  it.each([11, 12, 13, 14, 15, 16])("random graph %i with 40 batches of additions and removals", (seed) => {
    const r = rng(seed);
    const people = 90;
    let edges = randomEdges(seed, people, 120);
    const snapshot = GraphSnapshot.fromEdges(5n, edges);
    let version = 5n;
    const log: ReturnType<typeof logged> = [];
    for (let batch = 0; batch < 40; batch++) {
      const added: { a: string; b: string }[] = [];
      const removed: { a: string; b: string }[] = [];
      for (let i = Math.floor(r() * 6); i >= 0; i--) {
        if (r() < 0.45 && edges.length) {
          const [gone] = edges.splice(Math.floor(r() * edges.length), 1);
          removed.push(gone!);
        } else {
          // newcomers (p90..p109) and repeated pairs too
          const a = Math.floor(r() * (people + 20));
          const b =
            r() < 0.3 && edges.length ? edges[Math.floor(r() * edges.length)]!.b : `p${Math.floor(r() * people)}`;
          if (`p${a}` !== b) added.push({ a: `p${a}`, b });
        }
      }
      edges = [...edges, ...added];
      const rows = logged(version + 1n, added, removed);
      if (!rows.length) continue;
      version += 1n;
      log.push(...rows);
      // apply every few batches, sometimes with rows already applied in front (a read from an older version)
      if (batch % 3 === 2)
        expect(snapshot.advance(version, r() < 0.5 ? log : log.filter((c) => c.version > snapshot.version))).toBe(true);
    }
    expect(snapshot.advance(version, log)).toBe(true);
    expect(snapshot.version).toBe(version);
    expect(snapshot.overlaySize).toBeGreaterThan(0);
    const everyone = Array.from({ length: people + 20 }, (_, i) => `p${i}`);
    expectSameGraph(snapshot, GraphSnapshot.fromEdges(version, edges), everyone);
  });

  it("refuses, changing nothing, a gap in the log or a count below zero", () => {
    const base = () =>
      GraphSnapshot.fromEdges(3n, [
        { a: "x", b: "y" },
        { a: "y", b: "z" },
      ]);
    const s = base();
    const add = { a: "x", b: "w", delta: 1 };
    expect(s.advance(5n, [{ version: 5n, ...add }])).toBe(false); // version 4 missing (pruned)
    expect(s.advance(5n, [{ version: 4n, ...add }])).toBe(false); // version 5 missing (a TRUNCATE logs no pairs)
    expect(s.advance(4n, [{ version: 4n, a: "y", b: "x", delta: -2 }])).toBe(false); // only one edge row x–y
    expect(s.version).toBe(3n);
    expect(s.within(["x"], 6).ids().sort()).toEqual(["x", "y", "z"]);
    expect(
      s.advance(4n, [
        { version: 4n, a: "y", b: "x", delta: -1 },
        { version: 4n, ...add },
      ]),
    ).toBe(true);
    expect(s.within(["x"], 6).ids().sort()).toEqual(["w", "x"]);
    expect(s.neighboursOf("y")).toEqual(["z"]);
    // back to the base: the overlay empties
    expect(
      s.advance(5n, [
        { version: 5n, a: "x", b: "y", delta: 1 },
        { version: 5n, ...add, delta: -1 },
      ]),
    ).toBe(true);
    expect(s.overlaySize).toBe(0);
    expect(s.within(["x"], 6).ids().sort()).toEqual(["x", "y", "z"]);
    expect(s.advance(5n, [])).toBe(true); // already there
  });

  it("an answer read after a change is refused, as after another search", () => {
    const s = GraphSnapshot.fromEdges(1n, [{ a: "x", b: "y" }]);
    const before = s.within(["x"], 1);
    expect(s.advance(2n, [{ version: 2n, a: "x", b: "q", delta: 1 }])).toBe(true);
    expect(() => before.has("y")).toThrow();
  });
});
