/**
 * No multipart body ends the process: every malformed shape (helpers/multipart-shapes.ts) goes to
 * every upload path of a real server process, anonymous and signed in, and the process must
 * answer /livez after each one, with no 5xx. A server process and not an app in the test runner:
 * a crash here would end the runner itself.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../helpers/fixtures.js";
import { get, send, sendCut, signIn, type Browser } from "../helpers/http-client.js";
import { field, file, malformedShapes, type Part } from "../helpers/multipart-shapes.js";
import { report, startServer, stopServer, type ServerProcess } from "../helpers/server-process.js";
import { createTestDatabase } from "../helpers/test-db.js";

const IMAGE = fs.readFileSync(fixture("photo-portrait.png"));

/** The parts of a GraphQL multipart request: operations, map, then the files. */
function graphqlParts(query: string, variables: Record<string, unknown>, files: Record<string, string>): Part[] {
  const map = Object.fromEntries(Object.values(files).map((at, i) => [String(i), [at]]));
  return [
    field("operations", JSON.stringify({ query, variables })),
    field("map", JSON.stringify(map)),
    ...Object.keys(files).map((_at, i) => file(String(i), `photo-${i}.png`, "image/png", IMAGE)),
  ];
}

describe("malformed multipart bodies on every upload path of a server process", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;
  let alice: Browser;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-fuzz-multipart-"));
  const timelineAndMemory = { timelineId: "", memoryId: "" };

  beforeAll(async () => {
    db = await createTestDatabase();
    server = await startServer({ dataDir, databaseUrl: db.url });
    alice = await signIn(server, "alice@example.com");
    const t = await alice.json("POST", "/api/timelines", {
      title: "Fuzz",
      privacy: "private",
      collaborator_email: "bob@example.com",
    });
    timelineAndMemory.timelineId = (JSON.parse(t.body) as { id: string }).id;
    const up = await alice.upload();
    const m = await alice.json("POST", "/api/memories", {
      timeline_id: timelineAndMemory.timelineId,
      media_public_id: (JSON.parse(up.body) as { public_id: string }).public_id,
    });
    timelineAndMemory.memoryId = (JSON.parse(m.body) as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    if (server) await stopServer(server);
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers every shape with a 4xx (or a 2xx when the cut left a whole body), and /livez after each", async () => {
    const { timelineId, memoryId } = timelineAndMemory;
    const paths: Array<{ name: string; url: string; parts: Part[]; signedIn: boolean }> = [
      {
        name: "GraphQL updateProfile(photo)",
        url: "/graphql",
        parts: graphqlParts(
          "mutation($p: Upload) { updateProfile(input: { photo: $p }) { user { id } } }",
          { p: null },
          { p: "variables.p" },
        ),
        signedIn: true,
      },
      {
        name: "GraphQL createMemory(file, poster)",
        url: "/graphql",
        parts: graphqlParts(
          "mutation($t: ID!, $f: Upload, $p: Upload) { createMemory(input: { timelineId: $t, file: $f, poster: $p }) { memory { id } } }",
          { t: timelineId, f: null, p: null },
          { f: "variables.f", p: "variables.p" },
        ),
        signedIn: true,
      },
      {
        name: "GraphQL updateMemory(file)",
        url: "/graphql",
        parts: graphqlParts(
          "mutation($id: ID!, $f: Upload) { updateMemory(input: { id: $id, file: $f }) { memory { id } } }",
          { id: memoryId, f: null },
          { f: "variables.f" },
        ),
        signedIn: true,
      },
      {
        name: "REST POST /api/upload/file",
        url: "/api/upload/file",
        parts: [file("file", "p.png", "image/png", IMAGE)],
        signedIn: true,
      },
    ];
    // The same bodies without a session: refused before they are read.
    for (const p of [...paths]) paths.push({ ...p, name: `${p.name}, anonymous`, signedIn: false });

    let requests = 0;
    let crashes = 0;
    const statuses = new Map<string, number>();
    const fivexx: string[] = [];
    for (const p of paths) {
      for (const shape of malformedShapes(p.parts)) {
        const headers = {
          ...(p.signedIn ? alice.headers() : { Origin: server.base }),
          "Content-Type": shape.contentType,
        };
        const url = server.base + p.url;
        const status =
          shape.cutAt === undefined
            ? ((await send(url, { method: "POST", headers, body: shape.body }).catch(() => null))?.status ?? null)
            : await sendCut(url, { headers, body: shape.body, cutAt: shape.cutAt });
        requests++;
        const key = status === null ? "no answer" : `${status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (status !== null && status >= 500) fivexx.push(`${p.name}: ${shape.name}: ${status}`);
        const live = await get(`${server.base}/livez`).catch(() => null);
        if (live?.status !== 200) {
          crashes++;
          throw new Error(
            `the process stopped answering after ${p.name}: ${shape.name}\n${server.output().slice(-2000)}`,
          );
        }
      }
    }
    report("malformed multipart bodies", [
      ["upload paths (signed in and anonymous)", paths.length],
      ["requests", requests],
      ["answers by status", [...statuses].map(([s, n]) => `${s}: ${n}`).join(", ")],
      ["5xx", fivexx.length],
      ["crashes", crashes],
    ]);
    expect(fivexx).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 600_000);
});
