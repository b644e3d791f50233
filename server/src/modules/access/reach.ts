/**
 * Bounded bidirectional breadth-first search over the connection graph (docs/decisions/003-privacy-tiers.md), free of any
 * database: the graph is read through `Expand`, one call per BFS level (one SQL statement in
 * production). Used by AccessService; unit-tested on in-memory graphs.
 *
 * The viewer's side (its "ball": every node within `depth` hops, with exact distances) is grown
 * lazily and reused by every question of one request. Each question ("is any of these seeds
 * within k hops of the viewer?") keeps its own ball around its seeds. One step expands either the
 * viewer's frontier or the union of all open questions' frontiers, whichever is smaller, so a batch
 * of questions costs at most max(k) expansions, whatever the number of questions.
 */

/** Neighbours of each given node (nodes without edges may be missing from the map). */
export type Expand = (nodes: string[]) => Promise<Map<string, string[]>>;

export interface ReachQuestion {
  /** Nodes at distance 0 on the far side (e.g. the two participants of a timeline). */
  seeds: readonly string[];
  /** Largest distance of interest; a longer shortest path answers null. */
  maxDepth: number;
}

/** The viewer's side of the search (one or more sources at distance 0), exact up to `depth`. */
export class Ball {
  readonly dist = new Map<string, number>();
  frontier: string[];
  depth = 0;
  /** How many times the graph was read for this ball (for tests and logs). */
  expansions = 0;

  constructor(sources: string | readonly string[]) {
    for (const s of typeof sources === "string" ? [sources] : sources) this.dist.set(s, 0);
    this.frontier = [...this.dist.keys()];
  }

  get exhausted(): boolean {
    return this.frontier.length === 0;
  }
}

interface SideState {
  dist: Map<string, number>;
  frontier: string[];
  depth: number;
}

function step(side: SideState, adjacency: Map<string, string[]>): string[] {
  const next: string[] = [];
  for (const node of side.frontier) {
    for (const n of adjacency.get(node) ?? []) {
      if (!side.dist.has(n)) {
        side.dist.set(n, side.depth + 1);
        next.push(n);
      }
    }
  }
  side.depth += 1;
  side.frontier = next;
  return next;
}

export interface ReachStats {
  /** Graph reads made while answering this batch. */
  expansions: number;
}

/**
 * Answers each question with the exact shortest distance between the ball's source and the
 * nearest seed when it is ≤ maxDepth, else null. Mutates (grows) the ball.
 *
 * Invariant: the ball holds exact distances ≤ ball.depth and each question's side exact distances
 * ≤ its depth. If the shortest path has length L ≤ ball.depth + side.depth, some node on it lies
 * in both, with distances summing to L; every common node sums to ≥ L. Meetings are checked after
 * every level, so the first meeting's minimum is L. With no meeting, L > ball.depth + side.depth.
 */
export async function reach(
  ball: Ball,
  expand: Expand,
  questions: readonly ReachQuestion[],
  stats: ReachStats = { expansions: 0 },
): Promise<(number | null)[]> {
  const answers: (number | null | undefined)[] = questions.map(() => undefined);
  const sides: SideState[] = questions.map((q) => {
    const dist = new Map<string, number>();
    for (const s of q.seeds) dist.set(s, 0);
    return { dist, frontier: [...dist.keys()], depth: 0 };
  });

  const settle = (i: number, candidates: Iterable<string>, mine: "ball" | "side") => {
    const side = sides[i]!;
    let best: number | null = null;
    for (const x of candidates) {
      const other = mine === "ball" ? side.dist.get(x) : ball.dist.get(x);
      if (other === undefined) continue;
      const total = (mine === "ball" ? ball.dist.get(x)! : side.dist.get(x)!) + other;
      if (best === null || total < best) best = total;
    }
    return best;
  };
  const decide = (i: number, met: number | null) => {
    const q = questions[i]!;
    const side = sides[i]!;
    if (met !== null) answers[i] = met <= q.maxDepth ? met : null;
    else if (ball.depth + side.depth >= q.maxDepth || ball.exhausted || side.frontier.length === 0) answers[i] = null;
  };

  // Seeds against the whole ball (it may already be deep from earlier questions of this request).
  questions.forEach((q, i) => decide(i, settle(i, q.seeds, "side")));

  for (;;) {
    const open = questions.map((_, i) => i).filter((i) => answers[i] === undefined);
    if (open.length === 0) break;
    const farFrontier = new Set<string>();
    for (const i of open) for (const n of sides[i]!.frontier) farFrontier.add(n);

    if (ball.frontier.length <= farFrontier.size) {
      const adjacency = await expand(ball.frontier);
      ball.expansions += 1;
      stats.expansions += 1;
      const fresh = step(ball, adjacency);
      for (const i of open) decide(i, settle(i, fresh, "ball"));
    } else {
      const adjacency = await expand([...farFrontier]);
      stats.expansions += 1;
      for (const i of open) {
        const fresh = step(sides[i]!, adjacency);
        decide(i, settle(i, fresh, "side"));
      }
    }
  }
  return answers as (number | null)[];
}
