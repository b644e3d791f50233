/**
 * "Who can see this" (docs/decisions/025-audience-preview.md, docs/decisions/039-devices-kept-and-removed.md):
 * AudienceService.ofTimeline for a participant of a random accepted timeline, per tier, on the same
 * seeded graphs as the access check: the level-by-level search of the graph's edges, stopped past
 * AUDIENCE_CAP people. Calls run one at a time (latency). Also measured: the widest public audience
 * met asked again (the worst case), and the first answer after one accept.
 */
import os from "node:os";
import type { DataSource } from "typeorm";
import { AUDIENCE_CAP } from "@keepsake/contract";
import { AccessService } from "../../server/src/modules/access/access.service.js";
import { AudienceService } from "../../server/src/modules/timelines/audience.service.js";
import type { Privacy } from "../../server/src/entities/timeline.enums.js";
import { mulberry32, type SeedResult } from "./seed.js";
import { round, summarize } from "./util.js";

type Tier = "semi-private" | "public";

export interface AudienceTierResult {
  tier: Tier;
  samples: number;
  /** people counted, p50 and max (AUDIENCE_CAP + 1: more than AUDIENCE_CAP) */
  audienceP50: number;
  audienceMax: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface AudienceResult {
  tiers: AudienceTierResult[];
  /** the widest public audience met, asked 50 times */
  worst: { audience: number; runs: number; p50: number; p99: number };
  /** the first answer after one accept */
  afterAccept: { runs: number; p50: number; p99: number; load: number[] };
}

const TIERS: Tier[] = ["semi-private", "public"];

export async function measureAudience(
  ds: DataSource,
  seeded: Pick<SeedResult, "timelineIds" | "timelines">,
  opts: { samples: number; acceptSamples?: number; seed?: number },
): Promise<AudienceResult> {
  const access = new AccessService(ds);
  const audience = new AudienceService(ds, access.expand);
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

  const afterAccept: number[] = [];
  const load = [os.loadavg()[0]!];
  for (let i = 0; i < (opts.acceptSamples ?? 30); i++) {
    await acceptOne(ds, pick);
    t0 = performance.now();
    await ask(pick(), "public");
    afterAccept.push(performance.now() - t0);
  }
  load.push(os.loadavg()[0]!);
  const a = summarize(afterAccept);

  return {
    tiers,
    worst: {
      audience: Math.min(worst.audience, AUDIENCE_CAP + 1),
      runs: w.n,
      p50: round(w.p50, 2),
      p99: round(w.p99, 2),
    },
    afterAccept: { runs: a.n, p50: round(a.p50, 2), p99: round(a.p99, 2), load: load.map((x) => round(x, 1)) },
  };
}

/** One accept: a proposal between two people of the graph turned accepted (not timed). */
async function acceptOne(ds: DataSource, pick: () => { pair: string[] }): Promise<void> {
  const a = pick().pair[0]!;
  const b = pick().pair[1]!;
  if (a === b) return acceptOne(ds, pick);
  const [{ id }]: { id: string }[] = await ds.query(
    `INSERT INTO timelines (title, status, is_active, privacy, created_by_id, collaborator_id, collaborator_email,
       preview_media_ids, last_activity)
     VALUES ('Bench accept', 'pending', true, 'private', $1, $2, 'bench-accept@example.com', '{}', now()) RETURNING id`,
    [a, b],
  );
  await ds.query(`UPDATE timelines SET status = 'accepted' WHERE id = $1`, [id]);
}
