/**
 * Fills a database to a chosen scale with bulk inserts (unnest arrays, one statement per chunk):
 * users in clusters (friends of friends), timelines mostly inside a cluster with some bridges,
 * memories pointing at a small set of real WebP images, and notifications. Reusable by tests
 * and benchmarks: it only needs the pg pool of a migrated database and the app's DATA_DIR.
 *
 * Media files follow the app's storage layout (server/src/lib/storage.ts KEY_PATTERN):
 *   originals/<shard>/<uuid>.jpg, variants/<shard>/<uuid>-display.webp, variants/<shard>/<uuid>-thumb.webp
 * under DATA_DIR/media, so `/media/<id>/<variant>?exp=&sig=` serves them after the usual access check.
 *
 * `files: "shared"` (default, fast at any scale): every media row points at one of `imageCount`
 * image sets; the first row of each set carries the set's own id, so the orphan sweeper sees the
 * files as referenced. Deleting such a row through the app removes the set's files for every row
 * that shares them: tests that delete seeded media should use `files: "per-row"` (a hard link
 * per row, meant for small scales).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Pool } from "pg";
import { makeImageVariants } from "../../server/src/lib/images.js";

export interface SeedOptions {
  users: number;
  timelines: number;
  memories: number;
  /** DATA_DIR of the app, so the media files exist where /media looks (DATA_DIR/media). */
  dataDir: string;
  /** Notifications spread over the users (default: 3 per user), about a third unread. */
  notifications?: number;
  /** People per cluster (default 20); most timelines join two people of one cluster. */
  clusterSize?: number;
  /** Share of timelines that bridge two clusters (default 0.1). */
  bridgeRatio?: number;
  /** PRNG seed (default 42): the same options give the same graph shape. */
  seed?: number;
  /** Lower-case letters/digits that start usernames and e-mails (default "user"), so one database can hold several seeds. */
  prefix?: string;
  /** Distinct image sets (default 8). */
  imageCount?: number;
  files?: "shared" | "per-row";
}

export interface SeedResult {
  userIds: string[];
  emails: string[];
  timelineIds: string[];
  /** Per timeline (same index as timelineIds): creator, collaborator, status, privacy. */
  timelines: Array<{
    createdById: string;
    collaboratorId: string;
    status: SeedStatus;
    privacy: SeedPrivacy;
    cluster: number;
  }>;
  /** Cluster of each user (same index as userIds). */
  clusterOf: number[];
  mediaIds: string[];
  memoryCount: number;
  notificationCount: number;
  /** The shared image sets (storage keys as in media_files), for fixtures that add more rows. */
  imageSets: Array<{ id: string; originalKey: string; variants: { display: string; thumb: string }; bytes: number }>;
  /** Bytes of one seeded original / display / thumb (mean over the image sets). */
  imageBytes: { original: number; display: number; thumb: number };
  ms: number;
}

export type SeedStatus = "accepted" | "pending" | "rejected";
export type SeedPrivacy = "private" | "semi-private" | "public";

/** Small deterministic PRNG so runs are comparable. */
export function mulberry32(a: number): () => number {
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
  const n = columns[0]!.length;
  for (let i = 0; i < n; i += CHUNK) {
    await pool.query(
      sql,
      columns.map((c) => c.slice(i, i + CHUNK)),
    );
  }
}

const shard = (id: string) => id.slice(0, 2);
export const seedKeys = {
  original: (id: string) => `originals/${shard(id)}/${id}.jpg`,
  display: (id: string) => `variants/${shard(id)}/${id}-display.webp`,
  thumb: (id: string) => `variants/${shard(id)}/${id}-thumb.webp`,
};

interface ImageSet {
  id: string;
  original: string;
  display: string;
  thumb: string;
  bytes: { original: number; display: number; thumb: number };
}

function writeFile(mediaRoot: string, key: string, data: Buffer): void {
  const file = path.join(mediaRoot, ...key.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, data, { mode: 0o600 });
}

function linkFile(mediaRoot: string, from: string, to: string): void {
  const target = path.join(mediaRoot, ...to.split("/"));
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  fs.rmSync(target, { force: true });
  fs.linkSync(path.join(mediaRoot, ...from.split("/")), target);
}

/**
 * A handful of photo-like images (soft gradient, shapes and sensor-like grain, 1600×1200 JPEG
 * originals) with display and thumb WebP variants made by the app's own image code.
 */
async function makeImages(dataDir: string, count: number): Promise<ImageSet[]> {
  const root = path.join(dataDir, "media");
  const out: ImageSet[] = [];
  const grain = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 10 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  for (let i = 0; i < count; i++) {
    const hue = Math.round((360 / count) * i);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,40%)"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><circle cx="${400 + i * 90}" cy="600" r="260" fill="hsla(${hue},80%,90%,0.6)"/><rect x="${900 - i * 40}" y="200" width="420" height="700" rx="40" fill="hsla(${(hue + 180) % 360},40%,30%,0.5)"/></svg>`;
    const original = await sharp(Buffer.from(svg))
      .composite([{ input: grain, blend: "overlay" }])
      .jpeg({ quality: 88 })
      .toBuffer();
    const variants = await makeImageVariants(original);
    const id = crypto.randomUUID();
    const set: ImageSet = {
      id,
      original: seedKeys.original(id),
      display: seedKeys.display(id),
      thumb: seedKeys.thumb(id),
      bytes: { original: original.length, display: variants.display.data.length, thumb: variants.thumb.data.length },
    };
    writeFile(root, set.original, original);
    writeFile(root, set.display, variants.display.data);
    writeFile(root, set.thumb, variants.thumb.data);
    out.push(set);
  }
  return out;
}

export async function seed(pool: Pool, opts: SeedOptions): Promise<SeedResult> {
  const t0 = performance.now();
  if (opts.users < 2) throw new Error("seed: at least 2 users are needed for a timeline");
  const prefix = opts.prefix ?? "user";
  if (!/^[a-z0-9]{2,12}$/.test(prefix)) throw new Error("seed: prefix must be 2–12 lower-case letters or digits");
  const rnd = mulberry32(opts.seed ?? 42);
  const clusterSize = Math.max(2, opts.clusterSize ?? 20);
  const bridgeRatio = opts.bridgeRatio ?? 0.1;
  const pick = <T>(arr: readonly T[]) => arr[Math.floor(rnd() * arr.length)]!;
  const now = Date.now();

  // ---- users ------------------------------------------------------------------------------
  const userIds = Array.from({ length: opts.users }, () => crypto.randomUUID());
  const emails = userIds.map((_, i) => `${prefix}${i}@seed.test`);
  const usernames = userIds.map((_, i) => `${prefix}${i}`);
  const names = userIds.map((_, i) => `Seed Person ${i}`);
  const clusterOf = userIds.map((_, i) => Math.floor(i / clusterSize));
  await insertChunks(
    pool,
    `INSERT INTO users (id, email, username, display_name, full_name)
     SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[])`,
    [userIds, emails, usernames, names, names],
  );

  // ---- timelines (the connection graph) ----------------------------------------------------
  const clusters = Math.ceil(opts.users / clusterSize);
  const memberOf = (c: number) => {
    const start = c * clusterSize;
    const size = Math.min(clusterSize, opts.users - start);
    return start + Math.floor(rnd() * size);
  };
  const tIds: string[] = [],
    titles: string[] = [],
    statuses: SeedStatus[] = [],
    privacies: SeedPrivacy[] = [];
  const creators: string[] = [],
    collaborators: string[] = [],
    collabEmails: string[] = [],
    activity: string[] = [];
  const tClusters: number[] = [];
  const seen = new Set<string>();
  let attempts = 0;
  while (tIds.length < opts.timelines) {
    if (++attempts > opts.timelines * 50) throw new Error("seed: cannot place that many timelines on so few users");
    const c = Math.floor(rnd() * clusters);
    const a = memberOf(c);
    const b = rnd() < bridgeRatio ? memberOf(Math.floor(rnd() * clusters)) : memberOf(c);
    if (a === b) continue;
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    // mostly one timeline per pair; some pairs keep several (as people do)
    if (seen.has(key) && rnd() < 0.9) continue;
    seen.add(key);
    tIds.push(crypto.randomUUID());
    titles.push(`Timeline ${tIds.length}`);
    const s = rnd();
    statuses.push(s < 0.85 ? "accepted" : s < 0.95 ? "pending" : "rejected");
    privacies.push(pick(["private", "semi-private", "public"] as const));
    creators.push(userIds[a]!);
    collaborators.push(userIds[b]!);
    collabEmails.push(emails[b]!);
    activity.push(new Date(now - Math.floor(rnd() * 365 * 86400e3)).toISOString());
    tClusters.push(c);
  }
  await insertChunks(
    pool,
    `INSERT INTO timelines (id, title, status, privacy, created_by_id, collaborator_id, collaborator_email, last_activity)
     SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::timeline_status[], $4::timeline_privacy[], $5::uuid[], $6::uuid[], $7::varchar[], $8::timestamptz[])`,
    [tIds, titles, statuses, privacies, creators, collaborators, collabEmails, activity],
  );

  // ---- media and memories ------------------------------------------------------------------
  const images = opts.memories > 0 ? await makeImages(opts.dataDir, Math.max(1, opts.imageCount ?? 8)) : [];
  const mediaRoot = path.join(opts.dataDir, "media");
  const perRow = opts.files === "per-row";
  const mIds: string[] = [],
    owners: string[] = [],
    origKeys: string[] = [],
    variants: string[] = [],
    bytes: number[] = [];
  const memIds: string[] = [],
    memTimeline: string[] = [],
    positions: number[] = [],
    captions: string[] = [];
  const dates: (string | null)[] = [],
    memCreators: string[] = [],
    created: string[] = [];
  const counts = new Map<number, number>();
  for (let i = 0; i < opts.memories; i++) {
    const ti = Math.floor(rnd() * tIds.length);
    const img = images[i % images.length]!;
    // the first row of each shared set carries the set's id: its row references the files
    const mediaId = !perRow && i < images.length ? img.id : crypto.randomUUID();
    let keys = { original: img.original, display: img.display, thumb: img.thumb };
    if (perRow) {
      keys = {
        original: seedKeys.original(mediaId),
        display: seedKeys.display(mediaId),
        thumb: seedKeys.thumb(mediaId),
      };
      linkFile(mediaRoot, img.original, keys.original);
      linkFile(mediaRoot, img.display, keys.display);
      linkFile(mediaRoot, img.thumb, keys.thumb);
    }
    const owner = rnd() < 0.5 ? creators[ti]! : collaborators[ti]!;
    mIds.push(mediaId);
    owners.push(owner);
    origKeys.push(keys.original);
    variants.push(JSON.stringify({ display: keys.display, thumb: keys.thumb }));
    bytes.push(img.bytes.original);
    const pos = (counts.get(ti) ?? 0) + 1;
    counts.set(ti, pos);
    memIds.push(crypto.randomUUID());
    memTimeline.push(tIds[ti]!);
    positions.push(pos);
    captions.push(`Memory ${i}`);
    dates.push(rnd() < 0.9 ? new Date(now - Math.floor(rnd() * 3650 * 86400e3)).toISOString().slice(0, 10) : null);
    memCreators.push(owner);
    created.push(new Date(now - (opts.memories - i) * 1000).toISOString());
  }
  if (perRow) {
    // the set files themselves belong to no row: remove them (the links keep the bytes)
    for (const img of images)
      for (const k of [img.original, img.display, img.thumb]) fs.rmSync(path.join(mediaRoot, ...k.split("/")));
  }
  await insertChunks(
    pool,
    `INSERT INTO media_files (id, owner_id, type, format, width, height, bytes, original_key, variants, attached, created_at)
     SELECT id, owner, 'image', 'jpeg', 1600, 1200, b, k, v::jsonb, true, c
     FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::varchar[], $5::text[], $6::timestamptz[]) AS t(id, owner, b, k, v, c)`,
    [mIds, owners, bytes, origKeys, variants, created],
  );
  await insertChunks(
    pool,
    `INSERT INTO memories (id, timeline_id, media_id, position, caption, memory_date, created_by_id, created_at, updated_at)
     SELECT id, tl, md, pos, cap, d, cb, c, c
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::varchar[], $6::date[], $7::uuid[], $8::timestamptz[])
       AS t(id, tl, md, pos, cap, d, cb, c)`,
    [memIds, memTimeline, mIds, positions, captions, dates, memCreators, created],
  );
  // Previews exactly as MemoryService keeps them: the first three memories (created_at, id) with a thumb.
  await pool.query(
    `UPDATE timelines t SET preview_media_ids = p.ids
       FROM (SELECT timeline_id, (array_agg(media_id ORDER BY created_at, id))[1:3] AS ids FROM memories
              WHERE timeline_id = ANY($1::uuid[]) GROUP BY timeline_id) p
      WHERE t.id = p.timeline_id`,
    [tIds],
  );

  // ---- notifications -----------------------------------------------------------------------
  const nCount = opts.notifications ?? opts.users * 3;
  const nRecipients: string[] = [],
    nTypes: string[] = [],
    nMessages: string[] = [],
    nRead: boolean[] = [];
  const nRelatedUsers: string[] = [],
    nRelatedTimelines: string[] = [],
    nUrls: string[] = [],
    nCreated: string[] = [];
  const types = [
    "timeline_proposal",
    "timeline_accepted",
    "memory_added",
    "photos_uploaded",
    "timeline_created",
  ] as const;
  for (let i = 0; i < nCount; i++) {
    const ti = Math.floor(rnd() * tIds.length);
    const toCreator = rnd() < 0.5;
    nRecipients.push(toCreator ? creators[ti]! : collaborators[ti]!);
    nRelatedUsers.push(toCreator ? collaborators[ti]! : creators[ti]!);
    nRelatedTimelines.push(tIds[ti]!);
    const type = pick(types);
    nTypes.push(type);
    nMessages.push(`Seed notification ${i} (${type.replace(/_/g, " ")})`);
    nRead.push(rnd() > 0.33);
    nUrls.push(`/app/view-timeline?id=${tIds[ti]}`);
    nCreated.push(new Date(now - Math.floor(rnd() * 60 * 86400e3)).toISOString());
  }
  if (nCount > 0) {
    await insertChunks(
      pool,
      `INSERT INTO notifications (recipient_id, type, message, is_read, related_user_id, related_timeline_id, action_url, created_at)
       SELECT * FROM unnest($1::uuid[], $2::notification_type[], $3::varchar[], $4::bool[], $5::uuid[], $6::uuid[], $7::varchar[], $8::timestamptz[])`,
      [nRecipients, nTypes, nMessages, nRead, nRelatedUsers, nRelatedTimelines, nUrls, nCreated],
    );
  }

  await pool.query("ANALYZE");
  const mean = (f: (s: ImageSet) => number) =>
    images.length ? Math.round(images.reduce((a, s) => a + f(s), 0) / images.length) : 0;
  return {
    userIds,
    emails,
    timelineIds: tIds,
    timelines: tIds.map((_, i) => ({
      createdById: creators[i]!,
      collaboratorId: collaborators[i]!,
      status: statuses[i]!,
      privacy: privacies[i]!,
      cluster: tClusters[i]!,
    })),
    clusterOf,
    mediaIds: mIds,
    imageSets: perRow
      ? []
      : images.map((s) => ({
          id: s.id,
          originalKey: s.original,
          variants: { display: s.display, thumb: s.thumb },
          bytes: s.bytes.original,
        })),
    memoryCount: opts.memories,
    notificationCount: nCount,
    imageBytes: {
      original: mean((s) => s.bytes.original),
      display: mean((s) => s.bytes.display),
      thumb: mean((s) => s.bytes.thumb),
    },
    ms: performance.now() - t0,
  };
}
