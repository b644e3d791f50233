/**
 * Cheap bounds before expensive checks: a text far over its limit is refused by its UTF-16 length
 * before its characters are counted (counting walks the whole text, and on Node 20 it takes time
 * that grows with the square of its length), on both APIs, and the JSON body limit fits the
 * largest legal request. The one timing this suite asserts, because the bug is a frozen process:
 * the refusal of 1 MB of text takes under 50 ms (the best of five tries, so that a loaded
 * machine's pauses do not count) while /livez, asked every few milliseconds, keeps answering.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CAPTION_MAX, LOCATION_MAX, MEANING_MAX } from "@keepsake/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_LIMIT_BYTES } from "../../src/http/body-limits.js";
import { createUser } from "../factories/index.js";
import { send, type Answer } from "../helpers/http-client.js";
import { testServer } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/** A legal character of 10 code points, all outside the BMP (a flag and its tags): the most bytes one character may take. */
const HEAVY = String.fromCodePoint(
  0x1f3f4,
  0xe0067,
  0xe0062,
  0xe0065,
  0xe006e,
  0xe0067,
  0xe0065,
  0xe006e,
  0xe0067,
  0xe007f,
);

/** JSON with every UTF-16 unit of every string as a \u escape: the longest spelling of a body. */
function escapedJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

describe("cheap bounds before expensive checks", () => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    server = http.createServer(testServer(t));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const me = await createUser(t.ds);
    const login = await send(`${base}/__test/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://keepsake.test" },
      body: JSON.stringify({ userId: me.id }),
    });
    const cookie = login.headers["set-cookie"]!.map((c) => c.split(";")[0]).join("; ");
    headers = { Cookie: cookie, Origin: "http://keepsake.test", "Content-Type": "application/json" };
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** The answer and its time (best of `tries`), with the longest /livez wait meanwhile. */
  async function timed(method: string, path: string, body: string, tries = 5) {
    let best = Infinity;
    let answer: Answer | null = null;
    let livezMax = 0;
    for (let i = 0; i < tries; i++) {
      let done = false;
      const probe = (async () => {
        while (!done) {
          const at = performance.now();
          await send(`${base}/livez`);
          livezMax = Math.max(livezMax, performance.now() - at);
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const at = performance.now();
      answer = await send(base + path, { method, headers, body, timeoutMs: 120_000 });
      best = Math.min(best, performance.now() - at);
      done = true;
      await probe;
    }
    return { answer: answer!, ms: best, livezMax };
  }

  const updateProfile = "mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }";
  const cases: Array<[string, string, string, (text: string) => string, number]> = [
    ["REST PUT /api/users/me", "PUT", "/api/users/me", (bio) => JSON.stringify({ bio }), 400],
    [
      "GraphQL updateProfile",
      "POST",
      "/graphql",
      (bio) => JSON.stringify({ query: updateProfile, variables: { input: { bio } } }),
      400,
    ],
  ];
  const texts: Array<[string, string]> = [
    ["300,000 × 'x'", "x".repeat(300_000)],
    ["40,000 flags", "🇫🇷".repeat(40_000)],
  ];

  for (const [api, method, path, body, status] of cases) {
    for (const [what, text] of texts) {
      it(`${api}: a bio of ${what} is refused in under 50 ms, /livez answering meanwhile`, async () => {
        const { answer, ms, livezMax } = await timed(method, path, body(text));
        expect(answer.status).toBe(status);
        expect(answer.body).toMatch(/bio is too long|Bio must be at most 500 characters/);
        expect(ms).toBeLessThan(50);
        expect(livezMax).toBeLessThan(500);
      });
    }
    it(`${api}: 1 MB of text is refused by the body limit in under 50 ms`, async () => {
      const { answer, ms } = await timed(method, path, body("x".repeat(1024 * 1024)));
      expect(answer.status).toBe(413);
      expect(ms).toBeLessThan(50);
    });
  }

  it("the largest legal request fits the body limit: every text of a memory at its limit, each character 10 code points, spelled as \\u escapes", async () => {
    const worst = escapedJson({
      caption: HEAVY.repeat(CAPTION_MAX),
      meaning: HEAVY.repeat(MEANING_MAX),
      location: HEAVY.repeat(LOCATION_MAX),
      partner_meaning: HEAVY.repeat(MEANING_MAX),
      memory_date: "2026-01-01",
    });
    expect(Buffer.byteLength(worst) + 16 * 1024).toBeLessThanOrEqual(JSON_BODY_LIMIT_BYTES);
    // the texts pass the body limit and the edge; the memory's own rules answer (no such memory here)
    const res = await send(`${base}/api/memories/00000000-0000-4000-8000-000000000000`, {
      method: "PUT",
      headers,
      body: worst,
    });
    expect(res.status).toBe(404);
  });
});
