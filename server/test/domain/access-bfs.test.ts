import { describe, expect, it } from "vitest";
import { Ball, reach, type Expand } from "../../src/modules/access/reach.js";

/** An undirected in-memory graph with an Expand that counts graph reads (one per BFS level). */
function graph(edges: [string | number, string | number][]) {
  const adj = new Map<string, string[]>();
  const add = (a: string, b: string) => adj.set(a, [...(adj.get(a) ?? []), b]);
  for (const [a, b] of edges) {
    add(String(a), String(b));
    add(String(b), String(a));
  }
  const reads: string[][] = [];
  const expand: Expand = async (nodes) => {
    reads.push([...nodes]);
    return new Map(nodes.filter((n) => adj.has(n)).map((n) => [n, adj.get(n)!]));
  };
  return { adj, expand, reads };
}

/** Plain single-source BFS: the reference answer. */
function bfs(adj: Map<string, string[]>, from: string): Map<string, number> {
  const dist = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length) {
    const n = queue.shift()!;
    for (const m of adj.get(n) ?? []) {
      if (!dist.has(m)) {
        dist.set(m, dist.get(n)! + 1);
        queue.push(m);
      }
    }
  }
  return dist;
}

const chain = (n: number) => Array.from({ length: n }, (_, i) => [i, i + 1] as [number, number]);

describe("bounded bidirectional BFS (reach)", () => {
  it.each([1, 2, 3, 4, 5, 6, 7])(
    "finds the exact distance along a chain of length %i (or null beyond 6)",
    async (len) => {
      const g = graph(chain(10));
      const [d] = await reach(new Ball("0"), g.expand, [{ seeds: [String(len)], maxDepth: 6 }]);
      expect(d).toBe(len <= 6 ? len : null);
      // never more graph reads than the bound
      expect(g.reads.length).toBeLessThanOrEqual(Math.min(len, 6));
    },
  );

  it("answers 0 for the source itself without reading the graph", async () => {
    const g = graph(chain(3));
    expect(await reach(new Ball("0"), g.expand, [{ seeds: ["0"], maxDepth: 6 }])).toEqual([0]);
    expect(g.reads).toHaveLength(0);
  });

  it("answers null at maxDepth 0 for anyone else", async () => {
    const g = graph(chain(3));
    expect(await reach(new Ball("0"), g.expand, [{ seeds: ["1"], maxDepth: 0 }])).toEqual([null]);
    expect(g.reads).toHaveLength(0);
  });

  it("takes the shorter way round a cycle", async () => {
    const ring = Array.from({ length: 10 }, (_, i) => [i, (i + 1) % 10] as [number, number]);
    const g = graph(ring);
    const answers = await reach(new Ball("0"), g.expand, [
      { seeds: ["5"], maxDepth: 6 },
      { seeds: ["7"], maxDepth: 6 },
      { seeds: ["9"], maxDepth: 6 },
    ]);
    expect(answers).toEqual([5, 3, 1]);
  });

  it("stops early when either side runs out (disconnected)", async () => {
    // the viewer's component is a large binary tree; the target sits alone with one friend
    const tree = Array.from({ length: 500 }, (_, i) => [Math.floor(i / 2), i + 1] as [number, number]);
    const g = graph([...tree, ["x", "y"]]);
    const [d] = await reach(new Ball("0"), g.expand, [{ seeds: ["x"], maxDepth: 6 }]);
    expect(d).toBeNull();
    // the far side (x–y) is exhausted after 2 reads; the viewer side is never explored deeply
    expect(g.reads.length).toBeLessThanOrEqual(3);
  });

  it("a person with no edges at all is decided after one read", async () => {
    const g = graph(chain(50));
    expect(await reach(new Ball("lonely"), g.expand, [{ seeds: ["25"], maxDepth: 6 }])).toEqual([null]);
    expect(g.reads).toHaveLength(1);
  });

  it("uses the nearest of several seeds (a timeline's two participants)", async () => {
    const g = graph(chain(10));
    expect(await reach(new Ball("0"), g.expand, [{ seeds: ["8", "3"], maxDepth: 6 }])).toEqual([3]);
  });

  it("answers a batch of questions with at most max(maxDepth) graph reads, whatever its size", async () => {
    const g = graph(chain(40));
    const questions = Array.from({ length: 40 }, (_, i) => ({ seeds: [String(i)], maxDepth: i % 2 ? 2 : 6 }));
    const answers = await reach(new Ball("0"), g.expand, questions);
    answers.forEach((d, i) => expect(d).toBe(i <= questions[i]!.maxDepth ? i : null));
    expect(g.reads.length).toBeLessThanOrEqual(6);
  });

  it("reuses the viewer's ball across calls of one request", async () => {
    const g = graph(chain(10));
    const ball = new Ball("0");
    await reach(ball, g.expand, [{ seeds: ["4"], maxDepth: 6 }]);
    const before = g.reads.length;
    // node 2 lies inside the ball already grown: no further read
    expect(await reach(ball, g.expand, [{ seeds: ["2"], maxDepth: 6 }])).toEqual([2]);
    expect(g.reads.length).toBe(before);
  });

  it("expands the smaller frontier: a hub's side is never read when the other side is small", async () => {
    // viewer v has one friend f; hub h (the target's side) has 500 friends; f–h connected
    const edges: [string, string][] = [
      ["v", "f"],
      ["f", "h"],
    ];
    for (let i = 0; i < 500; i++) edges.push(["h", `n${i}`]);
    const g = graph(edges);
    expect(await reach(new Ball("v"), g.expand, [{ seeds: ["n7"], maxDepth: 6 }])).toEqual([3]);
    const largest = Math.max(...g.reads.map((r) => r.length));
    expect(largest).toBeLessThan(500);
  });

  it("agrees with plain BFS on random graphs (distances ≤ maxDepth, else null)", async () => {
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 25; round++) {
      const n = 60;
      const edges: [number, number][] = [];
      for (let i = 0; i < n * 1.2; i++) edges.push([Math.floor(rand() * n), Math.floor(rand() * n)]);
      const g = graph(edges.filter(([a, b]) => a !== b));
      const source = String(Math.floor(rand() * n));
      const truth = bfs(g.adj, source);
      const targets = Array.from({ length: n }, (_, i) => String(i));
      const maxDepth = 1 + Math.floor(rand() * 6);
      const answers = await reach(
        new Ball(source),
        g.expand,
        targets.map((x) => ({ seeds: [x], maxDepth })),
      );
      targets.forEach((x, i) => {
        const d = truth.get(x);
        expect(answers[i], `round ${round} ${source}→${x}`).toBe(d !== undefined && d <= maxDepth ? d : null);
      });
    }
  });
});
