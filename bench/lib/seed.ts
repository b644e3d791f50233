/**
 * Fills a database to a chosen scale with bulk inserts (unnest arrays, one statement per chunk):
 * users in clusters (friends of friends), timelines mostly inside a cluster with some bridges,
 * memories pointing at a small set of real WebP images. Reusable by tests and benchmarks.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Pool } from "pg";

export interface SeedOptions {
  users: number;
  timelines: number;
  memories: number;
  /** DATA_DIR of the app, so the media files exist where /media looks. */
  dataDir: string;
  clusterSize?: number;
  /** Share of timelines that bridge two clusters. */
  bridgeRatio?: number;
  seed?: number;
}

export interface SeedResult {
  userIds: string[];
  timelineIds: string[];
  emails: string[];
  ms: number;
}

/** Small deterministic PRNG so runs are comparable. */
function mulberry32(a: number) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHUNK = 5000;

async function insertChunks(pool: Pool, sql: string, columns: unknown[][]): Promise<void> {
  const n = (columns[0] as unknown[]).length;
  for (let i = 0; i < n; i += CHUNK) {
    await pool.query(sql, columns.map((c) => c.slice(i, i + CHUNK)));
  }
}

/** A handful of small real images (thumb + display WebP) shared by all seeded media rows. */
async function makeImages(dataDir: string, count = 8): Promise<Array<{ thumb: string; display: string; original: string; bytes: number }>> {
  const dir = path.join(dataDir, "media", "seed");
  fs.mkdirSync(dir, { recursive: true });
  const out = [];
  for (let i = 0; i < count; i++) {
    const hue = Math.round((360 / count) * i);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,40%)"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><circle cx="${400 + i * 90}" cy="600" r="260" fill="hsla(${hue},80%,90%,0.6)"/></svg>`;
    const base = sharp(Buffer.from(svg));
    const original = await base.clone().jpeg({ quality: 90 }).toBuffer();
    const names = { original: `seed/${i}-original.jpg`, display: `seed/${i}-display.webp`, thumb: `seed/${i}-thumb.webp` };
    fs.writeFileSync(path.join(dataDir, "media", names.original), original);
    fs.writeFileSync(path.join(dataDir, "media", names.display), await base.clone().webp({ quality: 80 }).toBuffer());
    fs.writeFileSync(path.join(dataDir, "media", names.thumb), await base.clone().resize(320).webp({ quality: 70 }).toBuffer());
    out.push({ ...names, bytes: original.length });
  }
  return out;
}

export async function seed(pool: Pool, opts: SeedOptions): Promise<SeedResult> {
  const t0 = performance.now();
  const rnd = mulberry32(opts.seed ?? 42);
  const clusterSize = opts.clusterSize ?? 20;
  const bridgeRatio = opts.bridgeRatio ?? 0.1;
  const pick = <T>(arr: T[]) => arr[Math.floor(rnd() * arr.length)]!;

  const userIds = Array.from({ length: opts.users }, () => crypto.randomUUID());
  const emails = userIds.map((_, i) => `user${i}@seed.test`);
  const usernames = userIds.map((_, i) => `user${i}`);
  const names = userIds.map((_, i) => `Seed Person ${i}`);
  await insertChunks(
    pool,
    `INSERT INTO users (id, email, username, display_name, full_name)
     SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[])`,
    [userIds, emails, usernames, names, names],
  );

  const clusters = Math.max(1, Math.ceil(opts.users / clusterSize));
  const memberOf = (c: number) => {
    const start = c * clusterSize;
    return Math.min(opts.users - 1, start + Math.floor(rnd() * clusterSize));
  };
  const tIds: string[] = [], titles: string[] = [], statuses: string[] = [], privacies: string[] = [];
  const creators: string[] = [], collaborators: string[] = [], collabEmails: string[] = [], activity: string[] = [];
  const seen = new Set<string>();
  const now = Date.now();
  while (tIds.length < opts.timelines) {
    const c = Math.floor(rnd() * clusters);
    const a = memberOf(c);
    const b = rnd() < bridgeRatio ? memberOf(Math.floor(rnd() * clusters)) : memberOf(c);
    if (a === b) continue;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    if (seen.has(key) && rnd() < 0.9) continue;
    seen.add(key);
    tIds.push(crypto.randomUUID());
    titles.push(`Timeline ${tIds.length}`);
    const s = rnd();
    statuses.push(s < 0.85 ? "accepted" : s < 0.95 ? "pending" : "rejected");
    privacies.push(pick(["private", "semi-private", "public"]));
    creators.push(userIds[a]!);
    collaborators.push(userIds[b]!);
    collabEmails.push(emails[b]!);
    activity.push(new Date(now - Math.floor(rnd() * 365 * 86400e3)).toISOString());
  }
  await insertChunks(
    pool,
    `INSERT INTO timelines (id, title, status, privacy, created_by_id, collaborator_id, collaborator_email, last_activity)
     SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::timeline_status[], $4::timeline_privacy[], $5::uuid[], $6::uuid[], $7::varchar[], $8::timestamptz[])`,
    [tIds, titles, statuses, privacies, creators, collaborators, collabEmails, activity],
  );

  const images = await makeImages(opts.dataDir);
  const mIds: string[] = [], owners: string[] = [], origKeys: string[] = [], variants: string[] = [], bytes: number[] = [];
  const memIds: string[] = [], memTimeline: string[] = [], positions: number[] = [], captions: string[] = [], dates: string[] = [], memCreators: string[] = [];
  const counts = new Map<number, number>();
  const previews = new Map<number, string[]>();
  for (let i = 0; i < opts.memories; i++) {
    const ti = Math.floor(rnd() * tIds.length);
    const img = images[i % images.length]!;
    const mediaId = crypto.randomUUID();
    const owner = rnd() < 0.5 ? creators[ti]! : collaborators[ti]!;
    mIds.push(mediaId);
    owners.push(owner);
    origKeys.push(img.original);
    variants.push(JSON.stringify({ thumb: img.thumb, display: img.display }));
    bytes.push(img.bytes);
    const pos = (counts.get(ti) ?? 0) + 1;
    counts.set(ti, pos);
    const pv = previews.get(ti) ?? [];
    if (pv.length < 3) pv.push(mediaId);
    previews.set(ti, pv);
    memIds.push(crypto.randomUUID());
    memTimeline.push(tIds[ti]!);
    positions.push(pos);
    captions.push(`Memory ${i}`);
    dates.push(new Date(now - Math.floor(rnd() * 3650 * 86400e3)).toISOString().slice(0, 10));
    memCreators.push(owner);
  }
  await insertChunks(
    pool,
    `INSERT INTO media_files (id, owner_id, type, format, width, height, bytes, original_key, variants, attached)
     SELECT id, owner, 'image', 'jpeg', 1600, 1200, b, k, v::jsonb, true
     FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::varchar[], $5::text[]) AS t(id, owner, b, k, v)`,
    [mIds, owners, bytes, origKeys, variants],
  );
  await insertChunks(
    pool,
    `INSERT INTO memories (id, timeline_id, media_id, position, caption, memory_date, created_by_id)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::varchar[], $6::date[], $7::uuid[])`,
    [memIds, memTimeline, mIds, positions, captions, dates, memCreators],
  );
  const pvIds = [...previews.keys()].map((i) => tIds[i]!);
  const pvVals = [...previews.values()].map((v) => `{${v.join(",")}}`);
  await insertChunks(
    pool,
    `UPDATE timelines t SET preview_media_ids = v.p::uuid[] FROM unnest($1::uuid[], $2::text[]) AS v(id, p) WHERE t.id = v.id`,
    [pvIds, pvVals],
  );
  await pool.query("ANALYZE");
  return { userIds, timelineIds: tIds, emails, ms: performance.now() - t0 };
}
