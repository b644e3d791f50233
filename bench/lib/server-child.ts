/**
 * The server process of the load test: the real app and the bare baseline side by side in ONE
 * Node process (same event loop, same CPU; the load alternates between them), so the ratio
 * compares like with like. Started by load.ts with IPC; the load generator runs in the parent.
 *
 * env: BENCH_DATABASE_URL, BENCH_DATA_DIR. Messages: → {type:"ready", appPort, barePort, pid};
 * ← {type:"rss-start"} / {type:"rss-stop"} → {type:"rss", peak, base}; ← {type:"stop"}.
 */
import "reflect-metadata";
import http from "node:http";
import pg from "pg";
import { openDataSource } from "../../server/src/db/data-source.js";
import { BENCH_SECRET, listen, startApp } from "./app.js";
import { createBareApp } from "./bare.js";

/**
 * DIAGNOSIS ONLY (BENCH_DIAG_NO_TOUCH=1): answers the session store's per-request touch
 * (UPDATE "session" SET expire …) without running it, to see what it costs. Never on by default.
 */
function skipSessionTouch(): void {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : first?.text;
    if (typeof text === "string" && text.startsWith('UPDATE "session" SET expire')) {
      const cb = args.find((a): a is (err: null, r: unknown) => void => typeof a === "function");
      const result = { rows: [{ sid: (args[1] as unknown[] | undefined)?.[1] }], rowCount: 1 };
      if (cb) return void process.nextTick(() => cb(null, result));
      return Promise.resolve(result);
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

async function main(): Promise<void> {
  if (process.env.BENCH_DIAG_NO_TOUCH === "1") skipSessionTouch();
  const url = process.env.BENCH_DATABASE_URL!;
  const dataDir = process.env.BENCH_DATA_DIR!;
  const ds = await openDataSource(url);
  const app = await startApp(ds, dataDir, process.env.BENCH_CLIENT_DIST);
  const bare = createBareApp({ databaseUrl: url, secret: BENCH_SECRET, cookieName: "__Host-ks.sid" });
  const bareServer = http.createServer(bare.app);
  bareServer.keepAliveTimeout = 30_000;
  const barePort = await listen(bareServer);

  let sampler: NodeJS.Timeout | null = null;
  let peak = 0;
  let base = 0;
  process.on("message", async (msg: { type: string }) => {
    if (msg.type === "rss-start") {
      base = process.memoryUsage().rss;
      peak = base;
      sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 10);
    } else if (msg.type === "rss-stop") {
      if (sampler) clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      process.send!({ type: "rss", peak, base });
    } else if (msg.type === "stop") {
      await app.close().catch(() => undefined);
      bareServer.closeAllConnections();
      await new Promise<void>((r) => bareServer.close(() => r()));
      await bare.close().catch(() => undefined);
      await ds.destroy().catch(() => undefined);
      process.exit(0);
    }
  });
  process.send!({ type: "ready", appPort: app.port, barePort, pid: process.pid });
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
