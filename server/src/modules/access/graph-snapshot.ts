import type { DataSource } from "typeorm";
import { EDGE_WHERE } from "./access.service.js";
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
 * numbered and the adjacency is stored as compressed rows (`offsets`, `neighbours`).
 */
export class GraphSnapshot {
  /** BFS marks; `epoch` makes a fresh mark set without clearing the array. */
  private readonly seen: Int32Array;
  private readonly queue: Int32Array;
  private epoch = 0;

  private constructor(
    /** `access_graph_version.version` the edges were read at. */
    readonly version: bigint,
    private readonly ids: string[],
    private readonly index: Map<string, number>,
    private readonly offsets: Int32Array,
    private readonly neighbours: Int32Array,
  ) {
    this.seen = new Int32Array(ids.length);
    this.queue = new Int32Array(ids.length);
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

  /** People with at least one edge. */
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
    const { seen, queue, offsets, neighbours, epoch } = this;
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
        for (let p = offsets[u]!; p < offsets[u + 1]!; p++) {
          const v = neighbours[p]!;
          if (seen[v] !== epoch) {
            seen[v] = epoch;
            queue[tail++] = v;
          }
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
    for (let p = this.offsets[n]!; p < this.offsets[n + 1]!; p++) out.add(this.ids[this.neighbours[p]!]!);
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
      for (let p = this.offsets[n]!; p < this.offsets[n + 1]!; p++) list.push(this.ids[this.neighbours[p]!]!);
      adjacency.set(id, list);
    }
    return Promise.resolve(adjacency);
  };
}

const VERSION_SQL = `SELECT version::text AS version FROM access_graph_version WHERE id = 1`;
const EDGES_SQL = `SELECT coalesce(string_agg(created_by_id::text || collaborator_id::text, ''), '') AS packed
  FROM timelines WHERE ${EDGE_WHERE}`;

/**
 * The current snapshot for this process. Every question first reads `access_graph_version` (one
 * indexed row, bumped by triggers on `timelines` in the transaction that changes an edge; see the
 * migration `AccessGraphVersion`), and the snapshot is rebuilt when another process (or this
 * one) changed the graph since. Concurrent questions share one rebuild.
 */
export class GraphSnapshots {
  private current: GraphSnapshot | null = null;
  private building: Promise<GraphSnapshot> | null = null;
  /** Rebuilds since start (tests and the bench read it). */
  builds = 0;

  constructor(private readonly ds: DataSource) {}

  async get(): Promise<GraphSnapshot> {
    const rows: { version: string }[] = await this.ds.query(VERSION_SQL);
    const version = BigInt(rows[0]?.version ?? "0");
    if (this.current && this.current.version >= version) return this.current;
    let snapshot = await this.rebuild();
    // A rebuild already under way may have read an older version: wait for one started after ours.
    if (snapshot.version < version) snapshot = await this.rebuild();
    return snapshot;
  }

  private rebuild(): Promise<GraphSnapshot> {
    this.building ??= this.load().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /** The version and the edges from one consistent view of the database. */
  private async load(): Promise<GraphSnapshot> {
    const snapshot = await this.ds.transaction("REPEATABLE READ", async (m) => {
      const rows: { version: string }[] = await m.query(VERSION_SQL);
      const [{ packed }]: { packed: string }[] = await m.query(EDGES_SQL);
      return GraphSnapshot.fromPackedEdges(BigInt(rows[0]?.version ?? "0"), packed);
    });
    this.builds += 1;
    if (!this.current || snapshot.version >= this.current.version) this.current = snapshot;
    return snapshot;
  }
}
