import type { GraphChange } from "./graph-changes.js";
import { GraphOverlay } from "./graph-overlay.js";
import type { Expand } from "./reach.js";

/** The answer of `GraphSnapshot.within`: valid until the snapshot's next search. */
export interface Reached {
  /** people reached, seeds included */
  readonly size: number;
  has(id: string): boolean;
  /** the ids, for tests and diagnostics */
  ids(): string[];
}

/**
 * The connection graph of docs/decisions/003-privacy-tiers.md held in memory, for the one question
 * that covers most of it: everyone a tier would let in (docs/decisions/025-audience-preview.md). A
 * public tier reaches 6 degrees, which at 100k people is most of the graph: level-by-level SQL
 * would read it all on every question, so the audience reads a snapshot instead.
 *
 * The edges are the rows of `EDGE_WHERE` (the same predicate as the per-read search). People are
 * numbered and the adjacency is stored as compressed rows (`offsets`, `neighbours`): the base, read
 * at one version. `advance` applies the change log since (`access_graph_changes`) to an overlay
 * (`graph-overlay.ts`), so the snapshot follows the graph without being rebuilt.
 */
export class GraphSnapshot {
  /** BFS marks; `epoch` makes a fresh mark set without clearing the array. */
  private seen: Int32Array;
  private queue: Int32Array;
  private epoch = 0;
  /** People in the compressed base (numbers below it have a row in `offsets`). */
  private readonly baseSize: number;
  private readonly overlay: GraphOverlay;
  private at: bigint;

  private constructor(
    /** `access_graph_version.version` the edges were read at. */
    version: bigint,
    private readonly ids: string[],
    private readonly index: Map<string, number>,
    private readonly offsets: Int32Array,
    private readonly neighbours: Int32Array,
  ) {
    this.at = version;
    this.baseSize = ids.length;
    this.seen = new Int32Array(ids.length);
    this.queue = new Int32Array(ids.length);
    this.overlay = new GraphOverlay(ids.length);
  }

  /** The `access_graph_version` this snapshot stands for (the base's, then each change applied). */
  get version(): bigint {
    return this.at;
  }

  /** Edges in the compressed base (each pair's rows counted). */
  get baseEdges(): number {
    return this.neighbours.length / 2;
  }

  /** Pairs whose edge count differs from the base: the overlay's size. */
  get overlaySize(): number {
    return this.overlay.size;
  }

  /**
   * Builds a snapshot from the edges as one string of 72-character records (creator id then
   * collaborator id, each a 36-character uuid), the shape `EDGES_SQL` reads: one value instead of a
   * row object per edge, which is most of the cost of a rebuild at 100k people.
   */
  static fromPackedEdges(version: bigint, packed: string): GraphSnapshot {
    const count = Math.floor(packed.length / 72);
    return GraphSnapshot.build(version, count, (i) => [
      packed.slice(i * 72, i * 72 + 36),
      packed.slice(i * 72 + 36, i * 72 + 72),
    ]);
  }

  /** Builds a snapshot from edge pairs (creator, collaborator); each pair is an undirected edge. */
  static fromEdges(version: bigint, edges: ReadonlyArray<{ a: string; b: string }>): GraphSnapshot {
    return GraphSnapshot.build(version, edges.length, (i) => [edges[i]!.a, edges[i]!.b]);
  }

  private static build(version: bigint, count: number, edge: (i: number) => [string, string]): GraphSnapshot {
    const index = new Map<string, number>();
    const ids: string[] = [];
    const number = (id: string) => {
      let n = index.get(id);
      if (n === undefined) {
        n = ids.length;
        ids.push(id);
        index.set(id, n);
      }
      return n;
    };
    const from = new Int32Array(count);
    const to = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const [a, b] = edge(i);
      from[i] = number(a);
      to[i] = number(b);
    }
    const offsets = new Int32Array(ids.length + 1);
    for (let i = 0; i < count; i++) {
      offsets[from[i]! + 1]! += 1;
      offsets[to[i]! + 1]! += 1;
    }
    for (let i = 0; i < ids.length; i++) offsets[i + 1]! += offsets[i]!;
    const fill = offsets.slice(0, ids.length);
    const neighbours = new Int32Array(count * 2);
    for (let i = 0; i < count; i++) {
      neighbours[fill[from[i]!]!++] = to[i]!;
      neighbours[fill[to[i]!]!++] = from[i]!;
    }
    return new GraphSnapshot(version, ids, index, offsets, neighbours);
  }

  /** People numbered: everyone with an edge in the base or in a change applied since. */
  get size(): number {
    return this.ids.length;
  }

  /**
   * Everyone within `maxDepth` hops of any seed, seeds included (a seed without edges is its own
   * set). Synchronous, and the answer reads the search's marks: it is valid until the next
   * `within` on this snapshot (use it before any await). No set of ids is built, so a question
   * that covers the whole graph costs the search alone.
   */
  within(seeds: readonly string[], maxDepth: number): Reached {
    this.epoch += 1;
    const { seen, queue, offsets, neighbours, epoch, baseSize, overlay } = this;
    const touched = overlay.touched;
    let head = 0;
    let tail = 0;
    const outside = new Set<string>();
    for (const s of seeds) {
      const n = this.index.get(s);
      if (n === undefined) outside.add(s);
      else if (seen[n] !== epoch) {
        seen[n] = epoch;
        queue[tail++] = n;
      }
    }
    for (let depth = 0; depth < maxDepth && head < tail; depth++) {
      const levelEnd = tail;
      while (head < levelEnd) {
        const u = queue[head++]!;
        const changed = touched[u] === 1;
        const cut = changed ? overlay.cut.get(u) : undefined;
        if (u < baseSize)
          for (let p = offsets[u]!; p < offsets[u + 1]!; p++) {
            const v = neighbours[p]!;
            if (seen[v] !== epoch && !cut?.includes(v)) {
              seen[v] = epoch;
              queue[tail++] = v;
            }
          }
        if (changed)
          for (const v of overlay.extra.get(u) ?? [])
            if (seen[v] !== epoch) {
              seen[v] = epoch;
              queue[tail++] = v;
            }
      }
    }
    const valid = () => {
      if (this.epoch !== epoch) throw new Error("GraphSnapshot.within: answer read after another search");
    };
    return {
      size: tail + outside.size,
      has: (id) => {
        valid();
        if (outside.has(id)) return true;
        const n = this.index.get(id);
        return n !== undefined && seen[n] === epoch;
      },
      ids: () => {
        valid();
        const out = [...outside];
        for (let i = 0; i < tail; i++) out.push(this.ids[queue[i]!]!);
        return out;
      },
    };
  }

  /** Direct connections of a person (each once). */
  neighboursOf(id: string): string[] {
    const n = this.index.get(id);
    if (n === undefined) return [];
    const out = new Set<string>();
    this.eachNeighbour(n, (v) => out.add(this.ids[v]!));
    out.delete(id);
    return [...out];
  }

  /** The snapshot as an `Expand`, so the search of `reach.ts` can run on it (tests compare the two). */
  readonly expand: Expand = (nodes) => {
    const adjacency = new Map<string, string[]>();
    for (const id of nodes) {
      const n = this.index.get(id);
      if (n === undefined) continue;
      const list: string[] = [];
      this.eachNeighbour(n, (v) => list.push(this.ids[v]!));
      adjacency.set(id, list);
    }
    return Promise.resolve(adjacency);
  };

  /**
   * Applies the change log from this snapshot's version up to `head` (rows at or below the
   * version are skipped, so a read that started from an older version still fits). Answers false,
   * changing nothing, when the changes do not bring it exactly to `head`: a version missing from
   * the log (pruned, or a TRUNCATE, which logs no pairs) or a count that would go below zero.
   */
  advance(head: bigint, changes: readonly GraphChange[]): boolean {
    if (head <= this.at) return true;
    let next = this.at + 1n;
    const counts = new Map<string, { a: string; b: string; now: number }>();
    for (const c of changes) {
      if (c.version <= this.at) continue;
      if (c.version === next) next += 1n;
      else if (c.version !== next - 1n) return false;
      if (c.a === c.b) continue;
      const [a, b] = c.a < c.b ? [c.a, c.b] : [c.b, c.a];
      const key = a + b;
      const pair = counts.get(key) ?? { a, b, now: this.countOf(a, b) };
      pair.now += c.delta;
      if (pair.now < 0) return false;
      counts.set(key, pair);
    }
    if (next - 1n !== head) return false;
    for (const { a, b, now } of counts.values()) {
      const x = this.number(a);
      const y = this.number(b);
      this.overlay.set(x, y, this.baseCount(x, y), now);
    }
    this.at = head;
    this.epoch += 1; // answers of earlier searches describe the graph before the change
    return true;
  }

  /** Edge rows between two people now. */
  private countOf(a: string, b: string): number {
    const x = this.index.get(a);
    const y = this.index.get(b);
    if (x === undefined || y === undefined) return 0;
    return this.overlay.count(x, y) ?? this.baseCount(x, y);
  }

  /** Edge rows between two people in the compressed base. */
  private baseCount(x: number, y: number): number {
    if (x >= this.baseSize || y >= this.baseSize) return 0;
    let count = 0;
    for (let p = this.offsets[x]!; p < this.offsets[x + 1]!; p++) if (this.neighbours[p] === y) count += 1;
    return count;
  }

  /** A person's number, numbering a newcomer (one with no edge in the base). */
  private number(id: string): number {
    let n = this.index.get(id);
    if (n !== undefined) return n;
    n = this.ids.length;
    this.ids.push(id);
    this.index.set(id, n);
    this.overlay.grow(this.ids.length);
    if (this.ids.length > this.seen.length) {
      const capacity = Math.max(16, this.seen.length * 2);
      this.seen = new Int32Array(capacity); // zeros: no epoch is 0, so no mark survives
      this.queue = new Int32Array(capacity);
    }
    return n;
  }

  private eachNeighbour(n: number, visit: (v: number) => void): void {
    const changed = this.overlay.touched[n] === 1;
    const cut = changed ? this.overlay.cut.get(n) : undefined;
    if (n < this.baseSize)
      for (let p = this.offsets[n]!; p < this.offsets[n + 1]!; p++) {
        const v = this.neighbours[p]!;
        if (!cut?.includes(v)) visit(v);
      }
    if (changed) for (const v of this.overlay.extra.get(n) ?? []) visit(v);
  }
}
