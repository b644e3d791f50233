/**
 * "Who can see this" (docs/decisions/025-audience-preview.md): AudienceService.ofTimeline for a
 * participant of a random accepted timeline, per tier, on the same seeded graphs as the access
 * check. Calls run one at a time (latency). Also measured: the snapshot's first build, the first
 * answer after one accept (the change log applied to the snapshot) against the first answer after a
 * rebuild (what every change of the graph cost before the change log), the widest public audience met (the worst case:
 * 6 degrees can cover most of the graph), and the level-by-level SQL search of every read
 * (reach.ts over AccessService.expand) grown to the tier's reach, as the alternative.
 */
import os from "node:os";
import type { DataSource } from "typeorm";
import { AccessService, TIER_REACH } from "../../server/src/modules/access/access.service.js";
import { GraphSnapshots } from "../../server/src/modules/access/graph-snapshots.js";
import { Ball } from "../../server/src/modules/access/reach.js";
import { AudienceService } from "../../server/src/modules/timelines/audience.service.js";
import { Privacy } from "../../server/src/entities/timeline.enums.js";
import { mulberry32, type SeedResult } from "./seed.js";
import { round, summarize } from "./util.js";

type Tier = "semi-private" | "public";

export interface AudienceTierResult {
  tier: Tier;
  samples: number;
  /** people counted (median / largest) */
  audienceP50: number;
  audienceMax: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface AudienceResult {
  /** people with at least one edge / edges in the snapshot */
  graphPeople: number;
  firstBuildMs: number;
  /** first answer after the graph changed when that needs a rebuild (before the change log: any change), median of 3 */
  afterChangeMs: number;
  /**
   * First answer after one accept, by the change log: `rebuild` forced (a version with no logged
   * pairs, as every change was before), `delta` the log applied; 1-minute load average around each.
   */
  afterAccept: {
    rebuild: { runs: number; p50: number; p99: number; load: number[] };
    delta: { runs: number; p50: number; p99: number; load: number[]; rebuilds: number };
  };
  tiers: AudienceTierResult[];
  worst: { tier: Tier; audience: number; runs: number; p50: number; p99: number };
  /**
   * The in-memory search alone when a tier covers the whole connected graph (a denser graph than
   * the seed's, where 6 degrees reaches everyone): every person reachable from a pair, no depth bound.
   */
  wholeGraph: { people: number; runs: number; p50: number; p99: number };
  /** the level-by-level SQL search grown to the tier's reach, for comparison */
  sqlLevels: Array<{ tier: Tier; samples: number; p50: number; max: number }>;
}

const TIERS: Tier[] = ["semi-private", "public"];

export async function measureAudience(
  ds: DataSource,
  seeded: Pick<SeedResult, "timelineIds" | "timelines">,
  opts: { samples: number; sqlSamples: number; acceptSamples?: number; seed?: number },
): Promise<AudienceResult> {
  const access = new AccessService(ds);
  const graph = new GraphSnapshots(ds);
  const audience = new AudienceService(ds, graph);
  const rnd = mulberry32(opts.seed ?? 11);
  const accepted = seeded.timelines
    .map((t, i) => ({ ...t, id: seeded.timelineIds[i]! }))
    .filter((t) => t.status === "accepted");
  const pick = () => {
    const t = accepted[Math.floor(rnd() * accepted.length)]!;
    return { id: t.id, asker: rnd() < 0.5 ? t.createdById : t.collaboratorId, pair: [t.createdById, t.collaboratorId] };
  };
  const ask = (p: { id: string; asker: string }, tier: Tier) =>
    audience.ofTimeline(access.viewer(p.asker), p.id, tier as Privacy);

  let t0 = performance.now();
  const snapshot = await graph.get();
  const firstBuildMs = performance.now() - t0;

  const load = () => os.loadavg()[0]!;
  const afterChange: number[] = [];
  const rebuildLoad = [load()];
  for (let i = 0; i < 3; i++) {
    await acceptOne(ds, pick, true);
    t0 = performance.now();
    await ask(pick(), "public");
    afterChange.push(performance.now() - t0);
  }
  rebuildLoad.push(load());
  const afterDelta: number[] = [];
  const deltaLoad = [load()];
  const buildsBefore = graph.builds;
  for (let i = 0; i < (opts.acceptSamples ?? 30); i++) {
    await acceptOne(ds, pick, false);
    t0 = performance.now();
    await ask(pick(), "public");
    afterDelta.push(performance.now() - t0);
  }
  deltaLoad.push(load());
  const rebuilt = summarize(afterChange);
  const applied = summarize(afterDelta);

  const tiers: AudienceTierResult[] = [];
  let worst = { pair: pick(), audience: -1 };
  for (const tier of TIERS) {
    for (let i = 0; i < 20; i++) await ask(pick(), tier); // warm-up, not recorded
    const times: number[] = [];
    const sizes: number[] = [];
    for (let i = 0; i < opts.samples; i++) {
      const p = pick();
      t0 = performance.now();
      const a = await ask(p, tier);
      times.push(performance.now() - t0);
      sizes.push(a.count);
      if (tier === "public" && a.count > worst.audience) worst = { pair: p, audience: a.count };
    }
    const s = summarize(times);
    const z = summarize(sizes);
    tiers.push({
      tier,
      samples: s.n,
      audienceP50: z.p50,
      audienceMax: z.max,
      p50: round(s.p50, 2),
      p90: round(s.p90, 2),
      p99: round(s.p99, 2),
      max: round(s.max, 2),
    });
  }

  const worstTimes: number[] = [];
  for (let i = 0; i < 50; i++) {
    t0 = performance.now();
    await ask(worst.pair, "public");
    worstTimes.push(performance.now() - t0);
  }
  const w = summarize(worstTimes);

  const current = await graph.get();
  const wholeTimes: number[] = [];
  let wholePeople = 0;
  for (let i = 0; i < 30; i++) {
    const p = pick();
    t0 = performance.now();
    wholePeople = Math.max(wholePeople, current.within(p.pair, Number.MAX_SAFE_INTEGER).size);
    wholeTimes.push(performance.now() - t0);
  }
  const whole = summarize(wholeTimes);

  const sqlLevels: AudienceResult["sqlLevels"] = [];
  for (const tier of TIERS) {
    const times: number[] = [];
    for (let i = 0; i < opts.sqlSamples; i++) {
      const p = pick();
      t0 = performance.now();
      const ball = new Ball(p.pair);
      while (ball.depth < TIER_REACH[tier as Privacy] && !ball.exhausted) {
        const adjacency = await access.expand(ball.frontier);
        const next: string[] = [];
        for (const node of ball.frontier)
          for (const n of adjacency.get(node) ?? [])
            if (!ball.dist.has(n)) {
              ball.dist.set(n, ball.depth + 1);
              next.push(n);
            }
        ball.depth += 1;
        ball.frontier = next;
      }
      times.push(performance.now() - t0);
    }
    const s = summarize(times);
    sqlLevels.push({ tier, samples: s.n, p50: round(s.p50, 1), max: round(s.max, 1) });
  }

  return {
    graphPeople: snapshot.size,
    firstBuildMs: round(firstBuildMs, 0),
    afterChangeMs: round(rebuilt.p50, 0),
    afterAccept: {
      rebuild: {
        runs: rebuilt.n,
        p50: round(rebuilt.p50, 0),
        p99: round(rebuilt.p99, 0),
        load: rebuildLoad.map((l) => round(l, 1)),
      },
      delta: {
        runs: applied.n,
        p50: round(applied.p50, 2),
        p99: round(applied.p99, 2),
        load: deltaLoad.map((l) => round(l, 1)),
        rebuilds: graph.builds - buildsBefore,
      },
    },
    tiers,
    worst: { tier: "public", audience: worst.audience, runs: w.n, p50: round(w.p50, 2), p99: round(w.p99, 2) },
    wholeGraph: { people: wholePeople, runs: whole.n, p50: round(whole.p50, 2), p99: round(whole.p99, 2) },
    sqlLevels,
  };
}

/**
 * One accept: a proposal between two people of the graph turned accepted (not timed). With
 * `forceRebuild`, the version is bumped once more with no logged pairs, a gap in the log that makes
 * the next question rebuild, as every change of the graph did before the change log.
 */
async function acceptOne(ds: DataSource, pick: () => { pair: string[] }, forceRebuild: boolean): Promise<void> {
  const a = pick().pair[0]!;
  const b = pick().pair[1]!;
  if (a === b) return acceptOne(ds, pick, forceRebuild);
  const [{ id }]: { id: string }[] = await ds.query(
    `INSERT INTO timelines (title, status, is_active, privacy, created_by_id, collaborator_id, collaborator_email,
       preview_media_ids, last_activity)
     VALUES ('Bench accept', 'pending', true, 'private', $1, $2, 'bench-accept@example.com', '{}', now()) RETURNING id`,
    [a, b],
  );
  await ds.query(`UPDATE timelines SET status = 'accepted' WHERE id = $1`, [id]);
  if (forceRebuild) await ds.query(`UPDATE access_graph_version SET version = version + 1 WHERE id = 1`);
}
