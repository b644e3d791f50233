/**
 * Paged reads at scale (docs/decisions/024-paged-reads.md):
 *   npx tsx --tsconfig bench/tsconfig.json bench/paged-reads.ts --memories=100000
 *   npx tsx --tsconfig bench/tsconfig.json bench/paged-reads.ts --memories=1000000
 *
 * Seeds a fresh embedded PostgreSQL in set-based SQL (INSERT … SELECT generate_series, no rows
 * built in JavaScript): two people sharing one timeline of 10 000 memories, the other memories
 * in timelines of 100 between 2 000 pairs of people, and 10 000 notifications for the first
 * person. Then, through the real app over HTTP, signed in as that person: the first page of the
 * 10 000-memory timeline (time and bytes), and p50/p99 of every page of it (GraphQL and REST,
 * following the cursors to the end), of the profile's memories and of the notifications. Run it
 * at two sizes: the figures should stay flat as the data grows.
 */
import "reflect-metadata";
import { startApp } from "./lib/app.js";
import { startBenchDb } from "./lib/db.js";
import { signIn } from "./lib/sign-in.js";
import { http, percentile, round, type Json } from "./lib/util.js";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const MEMORIES = Number(arg("memories") ?? 100_000);
const BIG = 10_000;
const PER_TIMELINE = 100;
const log = (s: string) => process.stdout.write(`${s}\n`);

async function seedAll(query: (sql: string, params?: unknown[]) => Promise<unknown>) {
  const others = Math.max(0, MEMORIES - BIG);
  const timelines = Math.ceil(others / PER_TIMELINE);
  const pairs = Math.min(2000, Math.max(1, timelines));
  // users: 1 = ann, 2 = ben, then 2 per pair
  await query(
    `INSERT INTO users (id, email, username, display_name)
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'p' || g || '@bench.test', 'person' || g, 'Person ' || g
       FROM generate_series(1, $1::int) g`,
    [2 + 2 * pairs],
  );
  const uid = (expr: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
  const tid = (expr: string) => `('00000000-0000-4000-9000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
  // timeline 0: ann + ben; timelines 1..T between pair (t % pairs)
  await query(
    `INSERT INTO timelines (id, title, status, privacy, created_by_id, collaborator_id, collaborator_email, last_activity, created_at)
     SELECT ${tid("g")}, 'Timeline ' || g, 'accepted', 'private',
            CASE WHEN g = 0 THEN ${uid("1")} ELSE ${uid("3 + 2 * (g % $2::int)")} END,
            CASE WHEN g = 0 THEN ${uid("2")} ELSE ${uid("4 + 2 * (g % $2::int)")} END,
            'x' || g || '@bench.test',
            now() - g * interval '1 minute', now() - g * interval '1 minute'
       FROM generate_series(0, $1::int) g`,
    [timelines, pairs],
  );
  // one media row per memory (memories.media_id is required and unique per memory in the app)
  await query(
    `INSERT INTO media_files (id, owner_id, type, format, width, height, bytes, original_key, variants, attached, created_at)
     SELECT ('00000000-0000-4000-a000-' || lpad(to_hex(g), 12, '0'))::uuid, ${uid("1")}, 'image', 'jpeg', 1600, 1200, 1000,
            'bench/' || g, '{}'::jsonb, true, now()
       FROM generate_series(1, $1::int) g`,
    [MEMORIES],
  );
  // memories 1..BIG in timeline 0, the rest PER_TIMELINE per timeline; dates with ties and gaps
  await query(
    `INSERT INTO memories (timeline_id, media_id, position, caption, memory_date, created_by_id, created_at, updated_at)
     SELECT CASE WHEN g <= $2::int THEN ${tid("0")} ELSE ${tid("1 + (g - $2::int - 1) / $3::int")} END,
            ('00000000-0000-4000-a000-' || lpad(to_hex(g), 12, '0'))::uuid,
            CASE WHEN g <= $2::int THEN g ELSE 1 + (g - $2::int - 1) % $3::int END,
            'Memory ' || g,
            CASE WHEN g % 17 = 0 THEN NULL ELSE date '2015-01-01' + (g::bigint * 7919 % 3650)::int END,
            ${uid("1")}, date_trunc('milliseconds', now()) - g * interval '1 second', now()
       FROM generate_series(1, $1::int) g`,
    [MEMORIES, BIG, PER_TIMELINE],
  );
  await query(
    `INSERT INTO notifications (recipient_id, type, message, is_read, related_user_id, created_at)
     SELECT ${uid("1")}, 'other', 'Notification ' || g, g % 3 = 0, ${uid("2")}, now() - (g / 2) * interval '1 second'
       FROM generate_series(1, 10000) g`,
  );
  await query(`ANALYZE`);
}

interface Walk {
  pages: number;
  items: number;
  ms: number[];
}

/** Follows a GraphQL connection from the first page to the last, timing each request. */
async function walkGraphql(base: string, cookie: string, query: string, pick: (d: Json) => Json): Promise<Walk> {
  const ms: number[] = [];
  let after: string | null = null;
  let items = 0;
  for (;;) {
    const t = performance.now();
    const res = await http(base, "/graphql", {
      cookie,
      json: { query, variables: { after } },
      headers: { "x-forwarded-proto": "https", "apollo-require-preflight": "true" },
    });
    ms.push(performance.now() - t);
    const body = JSON.parse(res.body);
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    const c = pick(body.data);
    items += c.edges.length;
    if (!c.pageInfo.hasNextPage) return { pages: ms.length, items, ms };
    after = c.pageInfo.endCursor;
  }
}

/** Follows `Link: rel="next"` from the first page to the last. */
async function walkRest(base: string, cookie: string, first: string): Promise<Walk> {
  const ms: number[] = [];
  let url: string | null = first;
  let items = 0;
  while (url) {
    const t = performance.now();
    const res = await http(base, url, { cookie, headers: { "x-forwarded-proto": "https" } });
    ms.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${url} → ${res.status} ${res.body.slice(0, 200)}`);
    items += (JSON.parse(res.body) as unknown[]).length;
    url = /<([^>]+)>;\s*rel="?next"?/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
  }
  return { pages: ms.length, items, ms };
}

function summary(name: string, w: Walk) {
  const sorted = [...w.ms].sort((a, b) => a - b);
  return {
    read: name,
    pages: w.pages,
    items: w.items,
    p50_ms: round(percentile(sorted, 50), 1),
    p99_ms: round(percentile(sorted, 99), 1),
    first_ms: round(w.ms[0]!, 1),
    last_ms: round(w.ms.at(-1)!, 1),
  };
}

async function main() {
  const db = await startBenchDb();
  try {
    const ds = await db.open("paged", { poolSize: 10 });
    const t0 = performance.now();
    await seedAll((sql, params) => ds.query(sql, params));
    const seedS = round((performance.now() - t0) / 1000, 1);
    const [{ n }] = (await ds.query(`SELECT count(*)::int AS n FROM memories`)) as { n: number }[];
    log(`seeded ${n} memories in ${seedS} s`);
    const app = await startApp(ds, db.dataDir);
    try {
      const cookie = await signIn(app.url, db.dataDir, "p1@bench.test");
      const big = "00000000-0000-4000-9000-000000000000";
      const MEM = `id caption memoryDate canEdit cover { url thumbUrl } createdBy { username }`;
      const first = `query($after: String) { timeline(id: "${big}") { title memoryCount memories(first: 30, after: $after) {
        edges { cursor node { ${MEM} } } pageInfo { hasNextPage endCursor } } } }`;
      // the first page, a few times (the first request warms the process)
      const firstPage: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 12; i++) {
        const t = performance.now();
        const res = await http(app.url, "/graphql", {
          cookie,
          json: { query: first, variables: { after: null } },
          headers: { "x-forwarded-proto": "https" },
        });
        firstPage.push(performance.now() - t);
        bytes = res.bytes;
      }
      const warm = firstPage.slice(2).sort((a, b) => a - b);
      const rows = [
        summary(
          "GraphQL timeline(id).memories, every page of 30",
          await walkGraphql(app.url, cookie, first, (d) => d.timeline.memories),
        ),
        summary(
          "REST /api/memories/filter, every page of 100 (Link)",
          await walkRest(app.url, cookie, `/api/memories/filter?timeline_id=${big}&sort=-memory_date`),
        ),
        summary(
          "GraphQL profileMemories, 40 pages of 30",
          await (async () => {
            const q = `query($after: String) { profileMemories(first: 30, after: $after) { edges { cursor node { ${MEM} } } pageInfo { hasNextPage endCursor } } }`;
            const ms: number[] = [];
            let after: string | null = null;
            let items = 0;
            for (let i = 0; i < 40; i++) {
              const t = performance.now();
              const res = await http(app.url, "/graphql", {
                cookie,
                json: { query: q, variables: { after } },
                headers: { "x-forwarded-proto": "https" },
              });
              ms.push(performance.now() - t);
              const c = JSON.parse(res.body).data.profileMemories;
              items += c.edges.length;
              if (!c.pageInfo.hasNextPage) break;
              after = c.pageInfo.endCursor;
            }
            return { pages: ms.length, items, ms };
          })(),
        ),
        summary(
          "GraphQL notifications, every page of 50",
          await walkGraphql(
            app.url,
            cookie,
            `query($after: String) { notifications(first: 50, after: $after) { edges { cursor node { id message isRead relatedUser { username } } } pageInfo { hasNextPage endCursor } } }`,
            (d) => d.notifications,
          ),
        ),
      ];
      log(
        `first page of the ${BIG}-memory timeline: p50 ${round(percentile(warm, 50), 1)} ms, max ${round(warm.at(-1)!, 1)} ms, ${bytes} bytes (cold: ${round(firstPage[0]!, 1)} ms)`,
      );
      console.table(rows);
      log(JSON.stringify({ memories: n, seedSeconds: seedS, firstPageBytes: bytes, rows }));
    } finally {
      await app.close();
    }
  } finally {
    await db.stop();
  }
}

await main();
