import "reflect-metadata";
import { startBenchDb } from "./lib/db.js";
import { poolOf } from "../server/src/db/data-source.js";
import { seed } from "./lib/seed.js";
import { createFixture } from "./lib/fixtures.js";
import { startApp, BENCH_SECRET } from "./lib/app.js";
import { signIn, cloneSessions } from "./lib/sign-in.js";
import { startServerChild, loadOnce } from "./lib/load.js";
import { readsFor } from "./lib/operations.js";
const db = await startBenchDb();
try {
  const ds = await db.open("bench");
  const seeded = await seed(poolOf(ds), { users: 1000, timelines: 3000, memories: 10000, dataDir: db.dataDir, imageCount: 2 });
  const f1 = await createFixture(poolOf(ds), seeded, 1);
  const app = await startApp(ds, db.dataDir);
  const cookie = await signIn(app.url, db.dataDir, f1.viewer.email);
  await app.close();
  const many = await cloneSessions((q, p) => ds.query(q, p), cookie, BENCH_SECRET, 32);
  const server = await startServerChild({ databaseUrl: db.url.replace(/\/[^/]*$/, "/bench"), dataDir: db.dataDir, pin: process.argv.includes('--pin') });
  const read = readsFor(f1).find((r) => r.name === process.argv[2])!;
  for (const c of [8]) for (const [n, u] of [["app", server.appUrl]]) {
    const r = await loadOnce(u, read, many, c, 10);
    console.log(read.name, n, "c=" + c, Math.round(r.reqPerSec), "req/s p50", r.p50, "p99", r.p99, JSON.stringify({ e: r.gqlErrors, m: r.mismatches, n: r.non2xx, s: r.socketErrors, t: r.timeouts }));
  }
  await server.stop();
} finally { await db.stop(); }
