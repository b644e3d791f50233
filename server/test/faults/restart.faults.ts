import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  Browser,
  get,
  report,
  restartableDatabase,
  signIn,
  sleep,
  startServer,
  stopServer,
  tempDir,
  type Answer,
  type RestartableDatabase,
  type ServerProcess,
} from "./harness.js";

const RUN_MS = 30_000;
const RESTART_AT_MS = 8_000;
const WORKERS = 6;

/**
 * (a) PostgreSQL restarts during 30 s of mixed reads and writes, REST and GraphQL, through a
 * running server: no acknowledged write is lost, every answer is 2xx or 503, and /readyz is
 * 200 again within 5 s of the database being back, with no restart of the app.
 */
describe("(a) PostgreSQL restarts under load", () => {
  let db: RestartableDatabase | null = null;
  let server: ServerProcess | null = null;
  const dataDir = tempDir("restart");
  afterAll(async () => {
    if (server) await stopServer(server);
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("loses no acknowledged write, answers only 2xx or 503, and is ready again within 5 s", async () => {
    db = await restartableDatabase();
    server = await startServer({ dataDir, databaseUrl: db.url });
    const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS * 2 });
    const alice = await signIn(server, "alice@example.com", agent);
    const bob = await signIn(server, "bob@example.com", agent);
    const me = JSON.parse((await bob.get("/api/users/me")).body) as { id: string };

    // One timeline with one photo memory, for the reads.
    const timeline = await alice.json("POST", "/api/timelines", {
      title: "Before the restart",
      collaborator_id: me.id,
      privacy: "private",
    });
    expect(timeline.status).toBe(201);
    const timelineId = (JSON.parse(timeline.body) as { id: string }).id;
    const upload = await alice.upload();
    expect(upload.status).toBe(201);
    const { public_id: mediaId, file_url: mediaUrl } = JSON.parse(upload.body) as {
      public_id: string;
      file_url: string;
    };
    const memory = await alice.json("POST", "/api/memories", {
      timeline_id: timelineId,
      media_public_id: mediaId,
      caption: "A photo",
    });
    expect(memory.status).toBe(201);

    let seq = 0;
    const acknowledged: string[] = [];
    const statuses = new Map<string, number>();
    const others: string[] = [];
    const count = (label: string) => statuses.set(label, (statuses.get(label) ?? 0) + 1);
    const operations: Array<[string, (b: Browser) => Promise<Answer>, (a: Answer) => void]> = [
      [
        "REST write: POST /api/timelines",
        (b) => b.json("POST", "/api/timelines", { title: `t${seq++}`, collaborator_id: me.id, privacy: "private" }),
        (a) => a.status === 201 && acknowledged.push((JSON.parse(a.body) as { id: string }).id),
      ],
      [
        "GraphQL write: createTimeline",
        (b) =>
          b.graphql(
            `mutation($t: String!, $c: ID) { createTimeline(input: { title: $t, collaboratorId: $c, privacy: PRIVATE }) { timeline { id } } }`,
            { t: `g${seq++}`, c: me.id },
          ),
        (a) => {
          const id =
            a.status === 200 &&
            (JSON.parse(a.body) as { data?: { createTimeline?: { timeline: { id: string } } } }).data?.createTimeline
              ?.timeline.id;
          if (id) acknowledged.push(id);
        },
      ],
      ["REST read: memories of a timeline", (b) => b.get(`/api/memories/filter?timeline_id=${timelineId}`), () => {}],
      [
        "GraphQL read: timelines, notifications",
        (b) => b.graphql(`{ timelines { edges { node { id } } } notifications { edges { node { id } } } }`),
        () => {},
      ],
      [
        "media read",
        (b) => b.get(new URL(mediaUrl, server!.base).pathname + new URL(mediaUrl, server!.base).search),
        () => {},
      ],
      ["REST read: /api/users/me", (b) => b.get("/api/users/me"), () => {}],
    ];

    const started = Date.now();
    let total = 0;
    const worker = async (w: number) => {
      let i = w;
      while (Date.now() - started < RUN_MS) {
        const [label, run, onAnswer] = operations[i++ % operations.length]!;
        total += 1;
        try {
          const answer = await run(alice);
          if ((answer.status >= 200 && answer.status < 300) || answer.status === 503) {
            count(answer.status === 503 ? "503" : "2xx");
            if (answer.status === 503 && answer.headers["retry-after"] === undefined) {
              others.push(`${label}: 503 without Retry-After`);
            }
            onAnswer(answer);
          } else {
            others.push(`${label}: ${answer.status} ${answer.body.slice(0, 200)}`);
          }
        } catch (err) {
          others.push(`${label}: ${(err as Error).message}`);
        }
      }
    };

    const restart = (async () => {
      await sleep(RESTART_AT_MS);
      const times = await db!.restart();
      for (;;) {
        const ready = await get(`${server!.base}/readyz`).catch(() => null);
        if (ready?.status === 200) return { ...times, readyAt: Date.now() };
        await sleep(50);
      }
    })();
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    const { downAt, backAt, readyAt } = await restart;
    agent.destroy();

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM timelines WHERE id = ANY($1::uuid[])`, [
      acknowledged,
    ]);
    await client.end();
    const lost = acknowledged.length - rows.length;
    const readySeconds = (readyAt - backAt) / 1000;

    report("(a) PostgreSQL restart during 30 s of mixed reads and writes", [
      ["database", db.kind],
      ["requests", total],
      ["answers 2xx / 503", `${statuses.get("2xx") ?? 0} / ${statuses.get("503") ?? 0}`],
      ["database down for", `${((backAt - downAt) / 1000).toFixed(1)} s`],
      ["acknowledged writes", acknowledged.length],
      ["lost writes", lost],
      ["answers other than 2xx or 503", others.length],
      ["seconds to readiness after the database is back", readySeconds.toFixed(2)],
    ]);
    if (others.length) {
      console.log(others.slice(0, 20).join("\n"));
      // The server's own account of what went wrong (its log has no SQL parameters or bodies).
      const errors = server
        .output()
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line));
      console.log(errors.slice(0, 10).join("\n"));
    }
    expect(statuses.get("503") ?? 0).toBeGreaterThan(0); // the outage really reached the clients
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(lost).toBe(0);
    expect(others).toEqual([]);
    expect(readySeconds).toBeLessThanOrEqual(5);
  });
});
