/**
 * Access-check latency: services.access.canViewTimeline(viewer, timeline) for random pairs on
 * seeded graphs of growing size, per tier. Half the viewers come from the timeline's own cluster
 * (often within reach), half from anywhere (mostly out of reach), participants excluded. Calls run
 * one at a time (latency, not throughput); statements per call are counted too.
 */
import type { DataSource } from "typeorm";
import { AccessService } from "../../server/src/modules/access/access.service.js";
import { mulberry32, type SeedResult } from "./seed.js";
import type { StatementCounter } from "./sql-count.js";
import { round, summarize } from "./util.js";

export interface AccessTierResult {
  tier: "semi-private" | "public";
  samples: number;
  reachable: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  statementsP50: number;
  statementsMax: number;
}

export async function measureAccess(
  ds: DataSource,
  seeded: Pick<SeedResult, "userIds" | "timelineIds" | "timelines" | "clusterOf">,
  opts: { samples: number; counter?: StatementCounter; seed?: number },
): Promise<AccessTierResult[]> {
  const access = new AccessService(ds);
  const rnd = mulberry32(opts.seed ?? 7);
  const byCluster = new Map<number, number[]>();
  seeded.clusterOf.forEach((c, i) => {
    const list = byCluster.get(c);
    if (list) list.push(i);
    else byCluster.set(c, [i]);
  });
  const out: AccessTierResult[] = [];
  for (const tier of ["semi-private", "public"] as const) {
    const candidates = seeded.timelines
      .map((t, i) => ({ ...t, i }))
      .filter((t) => t.privacy === tier && t.status === "accepted");
    if (!candidates.length) continue;
    const pairs: Array<{ viewer: string; timeline: string }> = [];
    while (pairs.length < opts.samples + 20) {
      const t = candidates[Math.floor(rnd() * candidates.length)]!;
      const local = rnd() < 0.5;
      const pool = local ? byCluster.get(t.cluster)! : null;
      const vi = pool ? pool[Math.floor(rnd() * pool.length)]! : Math.floor(rnd() * seeded.userIds.length);
      const viewer = seeded.userIds[vi]!;
      if (viewer === t.createdById || viewer === t.collaboratorId) continue;
      pairs.push({ viewer, timeline: seeded.timelineIds[t.i]! });
    }
    // warm-up (plans, pool connections), not recorded
    for (const p of pairs.slice(0, 20)) await access.canViewTimeline(p.viewer, p.timeline);
    const times: number[] = [];
    const statements: number[] = [];
    let reachable = 0;
    for (const p of pairs.slice(20)) {
      opts.counter?.reset();
      const t0 = performance.now();
      const ok = await access.canViewTimeline(p.viewer, p.timeline);
      times.push(performance.now() - t0);
      if (opts.counter) statements.push(opts.counter.statements.length);
      if (ok) reachable++;
    }
    const s = summarize(times);
    const st = summarize(statements);
    out.push({
      tier,
      samples: s.n,
      reachable,
      p50: round(s.p50, 2),
      p90: round(s.p90, 2),
      p99: round(s.p99, 2),
      max: round(s.max, 2),
      statementsP50: statements.length ? st.p50 : NaN,
      statementsMax: statements.length ? st.max : NaN,
    });
  }
  return out;
}
