import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { field, file, malformedShapes } from "../helpers/multipart-shapes.js";
import {
  multipart,
  PHOTO,
  report,
  send,
  sendCut,
  signIn,
  sleep,
  startServer,
  stopServer,
  tempDir,
  type Answer,
  type ServerProcess,
} from "./harness.js";

const UPLOADS = 25;
const WRITES = 25;

/**
 * (f) The inputs that ended the process (malformed multipart bodies, anonymous and signed in,
 * to GraphQL and to the REST upload) are sent while 50 requests are in flight (REST uploads and
 * GraphQL writes whose bodies are still arriving): all 50 complete with 2xx, and the process is alive.
 */
describe("(f) the crash inputs with 50 requests in flight", () => {
  const dataDir = tempDir("crash-inputs");
  let server: ServerProcess | null = null;
  afterAll(async () => {
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("completes all 50 with 2xx and answers every crash input with a 4xx", async () => {
    server = await startServer({ dataDir });
    const base = server.base;
    const alice = await signIn(server, "alice@example.com");

    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let sent = 0;
    const onSent = () => void (sent += 1);
    /** Sends the head and the first bytes now, the rest of the body once the gate opens. */
    const slowPost = (url: string, headers: Record<string, string>, body: Buffer | string) =>
      send(url, {
        method: "POST",
        headers,
        body,
        slow: { firstBytes: Math.min(1000, body.length >> 1), gate },
        onSent,
      });
    const inFlight: Array<Promise<Answer>> = [];
    for (let i = 0; i < UPLOADS; i++) {
      const form = multipart("file", `photo-${i}.jpg`, "image/jpeg", PHOTO);
      inFlight.push(
        slowPost(`${base}/api/upload/file`, alice.headers({ "Content-Type": form.contentType }), form.body),
      );
    }
    for (let i = 0; i < WRITES; i++) {
      const body = JSON.stringify({
        query: `mutation { updateProfile(input: { bio: "In flight ${i}" }) { user { id } } }`,
      });
      inFlight.push(slowPost(`${base}/graphql`, alice.headers({ "Content-Type": "application/json" }), body));
    }
    const settled = Promise.allSettled(inFlight);
    while (sent < UPLOADS + WRITES) await sleep(20);

    const graphql = [
      field(
        "operations",
        JSON.stringify({
          query: "mutation($p: Upload) { updateProfile(input: { photo: $p }) { user { id } } }",
          variables: { p: null },
        }),
      ),
      field("map", JSON.stringify({ 0: ["variables.p"] })),
      file("0", "p.jpg", "image/jpeg", PHOTO.subarray(0, 6000)),
    ];
    const targets = [
      { url: `${base}/graphql`, parts: graphql, headers: { Origin: base } },
      { url: `${base}/graphql`, parts: graphql, headers: alice.headers() },
      {
        url: `${base}/api/upload/file`,
        parts: [file("file", "p.jpg", "image/jpeg", PHOTO.subarray(0, 6000))],
        headers: alice.headers(),
      },
    ];
    const startedAt = Date.now();
    let crashInputs = 0;
    const fivexx: string[] = [];
    for (const target of targets) {
      for (const shape of malformedShapes(target.parts)) {
        const headers = { ...target.headers, "Content-Type": shape.contentType };
        const status =
          shape.cutAt === undefined
            ? ((await send(target.url, { method: "POST", headers, body: shape.body }).catch(() => null))?.status ??
              null)
            : await sendCut(target.url, { headers, body: shape.body, cutAt: shape.cutAt });
        crashInputs++;
        if (status !== null && status >= 500) fivexx.push(`${target.url}: ${shape.name}: ${status}`);
      }
    }
    const crashSeconds = (Date.now() - startedAt) / 1000;
    const aliveAfterInputs = server.child.exitCode === null;
    openGate();
    const results = await settled;
    const completed = results.filter((r) => r.status === "fulfilled" && r.value.status >= 200 && r.value.status < 300);
    const failures = results
      .filter((r) => !(r.status === "fulfilled" && r.value.status >= 200 && r.value.status < 300))
      .map((r) => (r.status === "fulfilled" ? `${r.value.status} ${r.value.body.slice(0, 120)}` : String(r.reason)));

    report("(f) the crash inputs with 50 requests in flight", [
      ["requests in flight", UPLOADS + WRITES],
      ["crash inputs sent meanwhile", crashInputs],
      ["seconds to send them", crashSeconds.toFixed(2)],
      ["crash inputs answered 5xx", fivexx.length],
      ["process alive after them", aliveAfterInputs ? "yes" : "no"],
      ["in-flight requests completed with 2xx", `${completed.length} of ${UPLOADS + WRITES}`],
    ]);
    if (failures.length) console.log(failures.slice(0, 10).join("\n"));
    expect(aliveAfterInputs).toBe(true);
    expect(fivexx).toEqual([]);
    expect(completed).toHaveLength(UPLOADS + WRITES);
    expect(server.child.exitCode).toBeNull();
  });
});
