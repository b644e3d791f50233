import fs from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaFile } from "../../src/entities/media-file.entity.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { User } from "../../src/entities/user.entity.js";
import { connect, createMemory } from "../factories/index.js";
import {
  MEDIA_CACHE_MAX_SECONDS,
  MEDIA_URL_BUCKET_SECONDS,
  MEDIA_URL_TTL_SECONDS,
} from "../../src/modules/media/media-signing.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import {
  binaryParser,
  createUser,
  fixture,
  parseMediaUrl,
  signIn,
  useStubAccess,
  type StubAccess,
} from "./media-helpers.js";

/**
 * /media checks the signature AND the viewer's access on every request; every failure is the same
 * 404 (no existence oracle). The AccessPolicy is stubbed here: what is under test is that the
 * route asks it, every time, about the right timelines.
 */
describe("/media signed URLs and the access re-check", () => {
  let t: TestApp;
  let access: StubAccess;
  let owner: User, partner: User, viewer: User, stranger: User;
  let cookies: Record<"owner" | "partner" | "viewer" | "stranger", string>;

  beforeAll(async () => {
    t = await createTestApp();
    access = useStubAccess(t);
    [owner, partner, viewer, stranger] = await Promise.all([
      createUser(t.ds),
      createUser(t.ds),
      createUser(t.ds),
      createUser(t.ds),
    ]);
    cookies = {
      owner: await signIn(t, owner.id),
      partner: await signIn(t, partner.id),
      viewer: await signIn(t, viewer.id),
      stranger: await signIn(t, stranger.id),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const ingest = (file = "photo-plain.jpg", ownerId = owner.id) =>
    t.services.media.ingest({ userId: ownerId }, { stream: fs.createReadStream(fixture(file)) });
  const get = (url: string, cookie?: string) => {
    const r = request(t.app).get(url).buffer(true).parse(binaryParser);
    return cookie ? r.set("Cookie", cookie) : r;
  };
  /** A media row attached to a memory of a new timeline between owner and partner. */
  const memoryMedia = async (): Promise<{ media: MediaFile; timelineId: string }> => {
    const media = await ingest();
    const timeline = await connect(t.ds, owner, partner);
    await createMemory(t.ds, { timelineId: timeline.id, mediaId: media.id, createdById: owner.id });
    await t.services.media.markAttached([media.id]);
    return { media, timelineId: timeline.id };
  };

  it("unattached media: its owner only", async () => {
    const media = await ingest();
    const url = t.services.media.signedUrl(media.id, "display");
    await get(url, cookies.owner).expect(200);
    await get(url, cookies.partner).expect(404);
    await get(url, cookies.stranger).expect(404);
    await get(url).expect(404);
  });

  it("media of a memory: whoever the access policy lets see the timeline, asked on every request", async () => {
    const { media, timelineId } = await memoryMedia();
    const url = t.services.media.signedUrl(media.id, "display");
    access.grant(owner.id, timelineId);
    access.grant(viewer.id, timelineId);

    await get(url, cookies.owner).expect(200);
    const calls = access.calls;
    await get(url, cookies.viewer).expect(200);
    await get(url, cookies.viewer).expect(200);
    expect(access.calls).toBe(calls + 2); // no caching of the decision
    await get(url, cookies.stranger).expect(404);
    await get(url).expect(404); // anonymous

    // The same, still-valid URL stops working the moment the viewer loses access.
    access.revoke(viewer.id, timelineId);
    await get(url, cookies.viewer).expect(404);
    await get(t.services.media.signedUrl(media.id, "thumb"), cookies.viewer).expect(404);
    await get(url, cookies.owner).expect(200);
  });

  it("media of a memory the policy hides from everyone is hidden from its uploader too", async () => {
    const { media } = await memoryMedia();
    await get(t.services.media.signedUrl(media.id, "display"), cookies.owner).expect(404);
  });

  it("a profile photo: any signed-in person, never anonymous", async () => {
    const media = await ingest();
    await t.ds.getRepository(User).update({ id: owner.id }, { profilePhotoId: media.id });
    await t.services.media.markAttached([media.id]);
    const url = t.services.media.signedUrl(media.id, "thumb");
    await get(url, cookies.stranger).expect(200);
    await get(url, cookies.viewer).expect(200);
    await get(url).expect(404);
    await t.ds.getRepository(User).update({ id: owner.id }, { profilePhotoId: null });
    await get(url, cookies.stranger).expect(404); // no longer a profile photo, attached to nothing
  });

  it("tampering with the id, the variant, the expiry or the signature gives the same 404", async () => {
    const a = await ingest();
    const b = await ingest();
    const url = t.services.media.signedUrl(a.id, "display");
    const ok = await get(url, cookies.owner).expect(200);
    expect(ok.body.length).toBeGreaterThan(0);
    const { exp, sig } = parseMediaUrl(url);
    const flip = (s: string) => (s[0] === "A" ? "B" : "A") + s.slice(1);

    const bad = [
      `/media/${b.id}/display?exp=${exp}&sig=${sig}`, // another id (the owner may see b!)
      `/media/${a.id}/thumb?exp=${exp}&sig=${sig}`, // another variant
      `/media/${a.id}/display?exp=${Number(exp) + 900}&sig=${sig}`, // a later expiry
      `/media/${a.id}/display?exp=0${exp}&sig=${sig}`, // the same number, spelt differently
      `/media/${a.id}/display?exp=${exp}&sig=${flip(sig)}`, // another signature
      `/media/${a.id}/display?exp=${exp}&sig=${sig.slice(0, -1)}`, // a shorter one
      `/media/${a.id}/display?exp=${exp}`, // none
      `/media/${a.id}/display?exp=${exp}&sig=${sig}&sig=${sig}`, // two
      `/media/${a.id}/display`,
      `/media/${a.id}/original?exp=${exp}&sig=${sig}`,
      `/media/not-a-uuid/display?exp=${exp}&sig=${sig}`,
      `/media/${a.id}`,
      `/media/`,
    ];
    const bodies = new Set<string>();
    for (const u of bad) {
      const res = await get(u, cookies.owner);
      expect(res.status, u).toBe(404);
      bodies.add(`${res.headers["content-type"]}|${(res.body as Buffer).toString()}`);
    }
    // A media id that does not exist at all answers exactly like a forbidden one.
    const missing = t.services.media.signedUrl("00000000-0000-4000-8000-000000000000", "display");
    const m = await get(missing, cookies.owner).expect(404);
    bodies.add(`${m.headers["content-type"]}|${(m.body as Buffer).toString()}`);
    const forbidden = await get(url, cookies.stranger).expect(404);
    bodies.add(`${forbidden.headers["content-type"]}|${(forbidden.body as Buffer).toString()}`);
    expect([...bodies]).toEqual(["text/plain; charset=utf-8|Not found"]);
    expect(forbidden.headers["cache-control"]).toBe("no-store");
  });

  it("a video URL does not open its image variants and vice versa", async () => {
    const video = await ingest("clip.webm");
    await get(t.services.media.signedUrl(video.id, "display"), cookies.owner).expect(404);
    await get(t.services.media.signedUrl(video.id, "video"), cookies.owner).expect(200);
    const image = await ingest();
    await get(t.services.media.signedUrl(image.id, "video"), cookies.owner).expect(404);
    await get(t.services.media.signedUrl(image.id, "poster"), cookies.owner).expect(404);
  });

  it("signed URLs expire (30 min, rounded up to a 5 min bucket), are stable within a bucket, and are cached 5 min at most", async () => {
    const media = await ingest();
    const bucket = MEDIA_URL_BUCKET_SECONDS * 1000;
    const start = new Date(Math.ceil(t.clock.now().getTime() / bucket) * bucket + 1000); // just after a bucket edge
    t.clock.set(start);
    const url = t.services.media.signedUrl(media.id, "display");
    const exp = Number(parseMediaUrl(url).exp);
    expect(exp - start.getTime() / 1000).toBeGreaterThanOrEqual(MEDIA_URL_TTL_SECONDS);
    expect(exp - start.getTime() / 1000).toBeLessThanOrEqual(MEDIA_URL_TTL_SECONDS + MEDIA_URL_BUCKET_SECONDS);

    t.clock.advance(4 * 60_000);
    expect(t.services.media.signedUrl(media.id, "display")).toBe(url); // same URL → browser cache hits
    const maxAgeOf = async () =>
      Number(/max-age=(\d+)/.exec((await get(url, cookies.owner).expect(200)).headers["cache-control"])![1]);
    expect(await maxAgeOf()).toBe(MEDIA_CACHE_MAX_SECONDS);
    // near its end, the URL's own expiry is the bound
    t.clock.set(new Date(exp * 1000 - 60_000));
    expect(await maxAgeOf()).toBe(60);

    t.clock.set(new Date(exp * 1000 - 1000));
    await get(url, cookies.owner).expect(200);
    t.clock.set(new Date(exp * 1000));
    await get(url, cookies.owner).expect(404);
    t.clock.advance(24 * 3600_000);
    await get(url, cookies.owner).expect(404);
    await get(t.services.media.signedUrl(media.id, "display"), cookies.owner).expect(200); // a fresh one works
  });

  it("a URL signed with another secret is refused", async () => {
    const other = await createTestApp({ env: { SESSION_SECRET: "another-secret-another-secret-012345" } });
    try {
      const media = await ingest();
      const foreign = other.services.media.signedUrl(media.id, "display");
      await get(foreign, cookies.owner).expect(404);
    } finally {
      await other.close();
    }
  });
});

/** The same route with the real AccessPolicy (modules/access): the viewer's tier decides, per request. */
describe("/media with the real access policy", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a semi-private memory's media: 2 degrees away yes, 3 no; private → participants only, on the same URL", async () => {
    const [owner, partner, friend, fof, far] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t.ds)));
    const timeline = await connect(t.ds, owner!, partner!, { privacy: Privacy.SEMI_PRIVATE });
    await connect(t.ds, partner!, friend!); // friend: 1 degree from partner
    await connect(t.ds, friend!, fof!); // fof: 2 degrees
    await connect(t.ds, fof!, far!); // far: 3 degrees
    await connect(t.ds, owner!, far!, { status: TimelineStatus.PENDING }); // a pending timeline is no edge
    const media = await t.services.media.ingest(
      { userId: owner!.id },
      {
        stream: fs.createReadStream(fixture("photo-gps.jpg")),
      },
    );
    await createMemory(t.ds, { timelineId: timeline.id, mediaId: media.id, createdById: owner!.id });
    await t.services.media.markAttached([media.id]);

    const url = t.services.media.signedUrl(media.id, "display");
    const status = async (u: User | null) =>
      (
        await (u
          ? request(t.app)
              .get(url)
              .set("Cookie", await signIn(t, u.id))
          : request(t.app).get(url))
      ).status;
    expect(await status(owner!)).toBe(200);
    expect(await status(partner!)).toBe(200);
    expect(await status(friend!)).toBe(200);
    expect(await status(fof!)).toBe(200);
    expect(await status(far!)).toBe(404);
    expect(await status(null)).toBe(404);

    // what the friend's browser kept: at most 5 minutes, then it must ask again (with its ETag)
    const friendCookie = await signIn(t, friend!.id);
    const kept = await request(t.app).get(url).set("Cookie", friendCookie).expect(200);
    expect(kept.headers["cache-control"]).toBe(`private, max-age=${MEDIA_CACHE_MAX_SECONDS}`);

    await t.ds.getRepository(Timeline).update({ id: timeline.id }, { privacy: Privacy.PRIVATE });
    expect(await status(fof!)).toBe(404);
    expect(await status(friend!)).toBe(404);
    expect(await status(partner!)).toBe(200);
    // asking again after the narrowing: no "not modified", the bytes are refused
    const again = await request(t.app)
      .get(url)
      .set("Cookie", friendCookie)
      .set("If-None-Match", kept.headers.etag as string);
    expect(again.status).toBe(404);
  });
});
