/**
 * Known people with known list sizes on top of a seeded database, for the load test and the
 * SQL-statements-per-operation check (1× and 10× list sizes).
 *
 * For scale s (1 or 10), person `bench<s>x`:
 *   - 10·s timelines, each with its own partner `b<s>p<i>` (accepted; privacy cycles semi-private,
 *     public, private), 2 memories each, except the main timeline: 30·s memories (semi-private);
 *   - 5·s notifications (3·s unread), each naming a partner and a timeline;
 *   - a visitor `b<s>v` connected to the main timeline's partner (2 degrees from the viewer), who may
 *     see the semi-private main timeline without being in it.
 */
import crypto from "node:crypto";
import type { Pool } from "pg";
import type { SeedResult } from "./seed.js";

export interface Fixture {
  scale: number;
  viewer: { id: string; email: string; username: string };
  visitor: { id: string; email: string; username: string };
  partnerIds: string[];
  mainTimelineId: string;
  timelineIds: string[];
  sizes: { timelines: number; mainMemories: number; notifications: number; unread: number; partners: number };
}

export async function createFixture(
  pool: Pool,
  seeded: Pick<SeedResult, "imageSets">,
  scale: number,
): Promise<Fixture> {
  if (!seeded.imageSets.length) throw new Error("fixture: the seed has no shared image sets");
  const p = `bench${scale}x`;
  const person = (username: string) => ({ id: crypto.randomUUID(), email: `${username}@seed.test`, username });
  const viewer = person(p);
  const visitor = person(`b${scale}v`);
  const partners = Array.from({ length: 10 * scale }, (_, i) => person(`b${scale}p${i + 1}`));
  const people = [viewer, visitor, ...partners];
  await pool.query(
    `INSERT INTO users (id, email, username, display_name, full_name)
     SELECT id, e, u, 'Bench ' || u, 'Bench Person ' || u FROM unnest($1::uuid[], $2::varchar[], $3::varchar[]) AS t(id, e, u)`,
    [people.map((x) => x.id), people.map((x) => x.email), people.map((x) => x.username)],
  );

  const now = Date.now();
  const privacies = ["semi-private", "public", "private"];
  const tIds = partners.map(() => crypto.randomUUID());
  await pool.query(
    `INSERT INTO timelines (id, title, status, privacy, created_by_id, collaborator_id, collaborator_email, last_activity, created_at)
     SELECT id, title, 'accepted', pr::timeline_privacy, $4, cb, ce, la, la
     FROM unnest($1::uuid[], $2::varchar[], $3::text[], $5::uuid[], $6::varchar[], $7::timestamptz[]) AS t(id, title, pr, cb, ce, la)`,
    [
      tIds,
      tIds.map((_, i) => `Bench ${scale}x timeline ${i + 1}`),
      tIds.map((_, i) => privacies[i % 3]!),
      viewer.id,
      partners.map((x) => x.id),
      partners.map((x) => x.email),
      tIds.map((_, i) => new Date(now - i * 60_000).toISOString()),
    ],
  );
  // the visitor's link to the main timeline's partner
  await pool.query(
    `INSERT INTO timelines (title, status, privacy, created_by_id, collaborator_id, collaborator_email)
     VALUES ('Bench visitor link', 'accepted', 'private', $1, $2, $3)`,
    [visitor.id, partners[0]!.id, partners[0]!.email],
  );

  const mem = {
    id: [] as string[],
    tl: [] as string[],
    media: [] as string[],
    pos: [] as number[],
    date: [] as string[],
    by: [] as string[],
    at: [] as string[],
  };
  const media = {
    id: [] as string[],
    owner: [] as string[],
    key: [] as string[],
    variants: [] as string[],
    bytes: [] as number[],
  };
  let k = 0;
  tIds.forEach((tl, ti) => {
    const n = ti === 0 ? 30 * scale : 2;
    for (let j = 0; j < n; j++, k++) {
      const set = seeded.imageSets[k % seeded.imageSets.length]!;
      const by = j % 2 === 0 ? viewer.id : partners[ti]!.id;
      const mediaId = crypto.randomUUID();
      media.id.push(mediaId);
      media.owner.push(by);
      media.key.push(set.originalKey);
      media.variants.push(JSON.stringify(set.variants));
      media.bytes.push(set.bytes);
      mem.id.push(crypto.randomUUID());
      mem.tl.push(tl);
      mem.media.push(mediaId);
      mem.pos.push(j + 1);
      mem.date.push(new Date(now - (k + 1) * 86400e3).toISOString().slice(0, 10));
      mem.by.push(by);
      mem.at.push(new Date(now - (100_000 - k) * 1000).toISOString());
    }
  });
  await pool.query(
    `INSERT INTO media_files (id, owner_id, type, format, width, height, bytes, original_key, variants, attached)
     SELECT id, o, 'image', 'jpeg', 1600, 1200, b, k, v::jsonb, true
     FROM unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::text[], $5::bigint[]) AS t(id, o, k, v, b)`,
    [media.id, media.owner, media.key, media.variants, media.bytes],
  );
  await pool.query(
    `INSERT INTO memories (id, timeline_id, media_id, position, caption, location, memory_date, meaning, created_by_id, created_at, updated_at)
     SELECT id, tl, md, pos, 'Caption ' || pos, 'Somewhere ' || pos, d, 'Why it matters ' || pos, by, at, at
     FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::date[], $6::uuid[], $7::timestamptz[]) AS t(id, tl, md, pos, d, by, at)`,
    [mem.id, mem.tl, mem.media, mem.pos, mem.date, mem.by, mem.at],
  );
  await pool.query(
    `UPDATE timelines t SET preview_media_ids = p.ids
       FROM (SELECT timeline_id, (array_agg(media_id ORDER BY created_at, id))[1:3] AS ids FROM memories
              WHERE timeline_id = ANY($1::uuid[]) GROUP BY timeline_id) p
      WHERE t.id = p.timeline_id`,
    [tIds],
  );

  const nN = 5 * scale;
  const nIdx = Array.from({ length: nN }, (_, i) => i);
  await pool.query(
    `INSERT INTO notifications (recipient_id, type, message, is_read, related_user_id, related_timeline_id, action_url, created_at)
     SELECT $1, 'memory_added', msg, r, ru, rt, '/app/view-timeline?id=' || rt, at
     FROM unnest($2::varchar[], $3::bool[], $4::uuid[], $5::uuid[], $6::timestamptz[]) AS t(msg, r, ru, rt, at)`,
    [
      viewer.id,
      nIdx.map((i) => `Bench partner ${i + 1} added a memory`),
      nIdx.map((i) => i >= 3 * scale),
      nIdx.map((i) => partners[i % partners.length]!.id),
      nIdx.map((i) => tIds[i % tIds.length]!),
      nIdx.map((i) => new Date(now - i * 3_600_000).toISOString()),
    ],
  );
  await pool.query("ANALYZE");

  return {
    scale,
    viewer,
    visitor,
    partnerIds: partners.map((x) => x.id),
    mainTimelineId: tIds[0]!,
    timelineIds: tIds,
    sizes: {
      timelines: tIds.length,
      mainMemories: 30 * scale,
      notifications: nN,
      unread: 3 * scale,
      partners: partners.length,
    },
  };
}
