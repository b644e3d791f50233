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
