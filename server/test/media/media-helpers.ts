import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import type { Response } from "superagent";
import { sessionCookieName } from "../../src/http/session.js";
import { createLogger } from "../../src/lib/logger.js";
import { MediaService, type MediaServiceOptions, type MediaViewer } from "../../src/modules/media/media.service.js";
import type { TestApp } from "../helpers/test-app.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";

export { createUser } from "../factories/index.js";

import { FIXTURES, fixture } from "../helpers/fixtures.js";

export { FIXTURES, fixture };
export const fixtureBytes = (name: string) => fs.readFileSync(fixture(name));

/** A signed-in session for userId, as the auth module would make one (cookie for supertest). */
export async function signIn(t: TestApp, userId: string): Promise<string> {
  const sid = crypto.randomBytes(24).toString("base64url");
  const expires = new Date(Date.now() + 24 * 3600 * 1000);
  const sess = {
    cookie: {
      originalMaxAge: 86_400_000,
      expires: expires.toISOString(),
      httpOnly: true,
      path: "/",
      sameSite: "lax",
      secure: false,
    },
    userId,
    signedInAt: t.clock.now().getTime(),
  };
  await t.ds.query(`INSERT INTO "session" (sid, sess, expire) VALUES ($1, $2, $3)`, [
    sid,
    JSON.stringify(sess),
    expires,
  ]);
  const mac = crypto.createHmac("sha256", t.env.SESSION_SECRET!).update(sid).digest("base64").replace(/=+$/, "");
  return `${sessionCookieName(t.env)}=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

/**
 * An AccessPolicy stand-in, the viewer sees exactly the timelines granted to them: the /media route asks the request's Viewer (`viewer(userId)`),
 * which asks here, so `calls` counts every access decision.
 */
export class StubAccess {
  private readonly grants = new Map<string, Set<string>>();
  calls = 0;
  grant(viewerId: string, timelineId: string): void {
    const set = this.grants.get(viewerId) ?? new Set<string>();
    set.add(timelineId);
    this.grants.set(viewerId, set);
  }
  revoke(viewerId: string, timelineId: string): void {
    this.grants.get(viewerId)?.delete(timelineId);
  }
  async visibleTimelineIds(viewerId: string | null, timelineIds: string[]): Promise<Set<string>> {
    this.calls++;
    const set = viewerId ? this.grants.get(viewerId) : undefined;
    return new Set(timelineIds.filter((id) => set?.has(id)));
  }
  viewer(userId: string | null): MediaViewer {
    // a granted timeline is seen as by one of its people: every memory tier in it
    return {
      userId,
      visibleTimelineIds: (ids) => this.visibleTimelineIds(userId, ids),
      facts: async (id) =>
        userId
          ? {
              id,
              status: TimelineStatus.ACCEPTED,
              isActive: true,
              privacy: Privacy.PRIVATE,
              createdById: userId,
              collaboratorId: null,
            }
          : null,
      reachDistances: async (qs) => qs.map(() => null),
    };
  }
  async canViewTimeline(viewerId: string | null, timelineId: string): Promise<boolean> {
    return (await this.visibleTimelineIds(viewerId, [timelineId])).size > 0;
  }
  async degree(): Promise<number | null> {
    return null;
  }
}

/** Swaps the app's access policy (read by /media on every request) for a stub. */
export function useStubAccess(t: TestApp): StubAccess {
  const stub = new StubAccess();
  (t.services as unknown as { access: StubAccess }).access = stub;
  return stub;
}

/** Swaps the app's media service for one with other options (e.g. small limits); same storage dir. */
export function replaceMediaService(t: TestApp, opts: MediaServiceOptions): MediaService {
  const media = new MediaService({ ds: t.ds, env: t.env, logger: createLogger("silent"), clock: t.clock }, opts);
  (t.services as { media: MediaService }).media = media;
  return media;
}

/**
 * Every stored object and temp file of the app's media store (disk or bucket), as keys, to prove
 * nothing is left behind.
 */
export async function mediaFiles(t: TestApp): Promise<string[]> {
  const out: string[] = [];
  for await (const f of t.services.media.storage.list()) out.push(f.key);
  return out.sort();
}

/** A stored object's bytes (disk or bucket), or null when there is none. */
export async function storedBytes(t: TestApp, key: string): Promise<Buffer | null> {
  const { storage } = t.services.media;
  if (!(await storage.stat(key))) return null;
  const chunks: Buffer[] = [];
  for await (const c of await storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A stored object's size in bytes (disk or bucket); rejects when it is missing. */
export async function storedSize(t: TestApp, key: string): Promise<number> {
  const stat = await t.services.media.storage.stat(key);
  if (!stat) throw new Error(`not stored: ${key}`);
  return stat.size;
}

/** A stream of `total` bytes starting with `head` (e.g. a JPEG signature), counting what was read. */
export function byteStream(head: Buffer, total: number, chunk = 64 * 1024): Readable & { produced: () => number } {
  let produced = 0;
  const stream = new Readable({
    read() {
      if (produced >= total) return void this.push(null);
      const size = Math.min(chunk, total - produced);
      const buf = Buffer.alloc(size, 0x41);
      if (produced === 0) head.copy(buf, 0, 0, Math.min(head.length, size));
      produced += size;
      this.push(buf);
    },
  }) as Readable & { produced: () => number };
  stream.produced = () => produced;
  return stream;
}

/** Extracts the pathname and query of a signed /media URL. */
export function parseMediaUrl(url: string): { id: string; variant: string; exp: string; sig: string } {
  const u = new URL(url, "http://x");
  const [, , id, variant] = u.pathname.split("/");
  return { id: id!, variant: variant!, exp: u.searchParams.get("exp")!, sig: u.searchParams.get("sig")! };
}

/** supertest's binary body parser, for image/video responses. */
export function binaryParser(response: Response, cb: (err: Error | null, body: Buffer) => void): void {
  const res = response as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => cb(null, Buffer.concat(chunks)));
  res.on("error", (err: Error) => cb(err, Buffer.alloc(0)));
}
