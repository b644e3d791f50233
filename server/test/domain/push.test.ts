/**
 * Web Push on each person's terms (docs/decisions/035-presence.md), against a real push service
 * on loopback that decrypts every message with the device's own keys: the first memory of an hour
 * at once and the rest folded into one note at the end of that hour; proposals and consent
 * requests at once outside quiet hours, held through them, in each person's time zone (Auckland
 * and Honolulu); one daily note at the person's hour; muted timelines and "off" silent; a
 * subscription the push service calls gone is removed, and logout removes this device's; and no
 * payload ever carries a caption, a note or a place.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/entities/user.entity.js";
import { parseEnv } from "../../src/config/env.js";
import { connect, createUser } from "../factories/index.js";
import { distinctCopy, FIXTURES } from "../helpers/fixtures.js";
import { startPushService, type Device } from "../helpers/push-service.js";
import { gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { PushService } from "../../src/modules/presence/push.service.js";

const PHOTO = fs.readFileSync(path.join(FIXTURES, "photo-plain.jpg"));
const ORIGIN = { Origin: "http://keepsake.test" };
const PREFS = "/api/users/me/notification-preferences";
const CAPTION = "Sunrise swim at Piha";
const PLACE = "Piha Beach, Waitākere";
const NOTE = "the water was so cold";
const MIN = 60_000;
const HOUR = 60 * MIN;

describe("web push", () => {
  let t: TestApp;
  let ps: Awaited<ReturnType<typeof startPushService>>;
  let tomas: User;
  let tomasA: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    ps = await startPushService();
    tomas = await createUser(t.ds, { displayName: "Tomás" });
    tomasA = await signInAs(t, tomas);
  });
  afterAll(async () => {
    // whatever each test did, no payload ever carried a caption, a note or a place
    for (const r of ps.received) {
      for (const secret of [CAPTION, PLACE, NOTE, "Piha", "photo", "jpg"]) expect(r.text).not.toContain(secret);
      expect(Object.keys(r.note).sort()).toEqual(["body", "tag", "title", "url"]);
    }
    await ps.close();
    await t.close();
  });

  /** A person who shares `title` with Tomás, with push on one device and their preferences. */
  async function partner(name: string, title: string, prefs: Record<string, unknown>) {
    const user = await createUser(t.ds, { displayName: name });
    const agent = await signInAs(t, user);
    const timeline = await connect(t.ds, tomas, user, { title });
    const device = ps.device(`${name}-phone-${Math.random().toString(36).slice(2, 6)}`);
    await agent.post("/api/push/subscriptions").set(ORIGIN).send(device.subscription).expect(201);
    await agent.put(PREFS).set(ORIGIN).send(prefs).expect(200);
    return { user, agent, timeline, device };
  }

  const addMemory = async (timelineId: string) => {
    const up = await tomasA
      .post("/api/upload/file")
      .set(ORIGIN)
      .attach("file", distinctCopy(PHOTO), "photo.jpg")
      .expect(201);
    await tomasA
      .post("/api/memories")
      .set(ORIGIN)
      .send({
        timeline_id: timelineId,
        media_public_id: up.body.public_id,
        caption: CAPTION,
        location: PLACE,
        meaning: NOTE,
        memory_date: "2024-01-05",
      })
      .expect(201);
  };
  const tick = () => t.services.push.tick();

  it("hands out its VAPID key, and takes only https endpoints or loopback http outside production", async () => {
    const key = (await tomasA.get("/api/push/public-key").expect(200)).body.public_key as string;
    expect(Buffer.from(key, "base64url")).toHaveLength(65);
    expect((await gql(tomasA, `{ pushPublicKey }`)).data?.pushPublicKey).toBe(key);
    const d = ps.device("checks");
    const bad = async (body: object, field: string) =>
      expect((await tomasA.post("/api/push/subscriptions").set(ORIGIN).send(body).expect(400)).body.field).toBe(field);
    await bad({ ...d.subscription, endpoint: "http://push.example.com/x" }, "endpoint");
    await bad({ ...d.subscription, endpoint: "ftp://127.0.0.1/x" }, "endpoint");
    await bad({ ...d.subscription, keys: { ...d.subscription.keys, p256dh: "AAAA" } }, "keys.p256dh");
    await bad({ ...d.subscription, keys: { ...d.subscription.keys, auth: "" } }, "keys.auth");
    await tomasA.post("/api/push/subscriptions").set(ORIGIN).send(d.subscription).expect(201);
    await tomasA.delete("/api/push/subscriptions").set(ORIGIN).send({ endpoint: d.subscription.endpoint }).expect(200);

    // production: https only, loopback http refused
    const prod = new PushService({
      ...t.services.push["deps"],
      env: parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), DATA_DIR: t.dataDir }),
    });
    for (const endpoint of [
      d.subscription.endpoint,
      "https://127.0.0.1/push/x",
      "https://10.1.2.3/push/x",
      "https://192.168.0.7/push/x",
      "https://[fd00::1]/push/x",
    ]) {
      await expect(prod.subscribe({ userId: tomas.id }, null, { ...d.subscription, endpoint })).rejects.toMatchObject({
        details: { field: "endpoint" },
      });
    }
  });

  it("hourly: the first memory at once, the rest of the hour folded into one note at its end", async () => {
    // 2026-03-11 10:00 in Auckland (NZDT, +13)
    t.clock.set(new Date("2026-03-10T21:00:00Z"));
    const ann = await partner("Ann", "Lisbon", { push: "hourly", time_zone: "Pacific/Auckland" });
    await addMemory(ann.timeline.id);
    expect(ps.to(ann.device.name)).toEqual(["Tomás added a memory to Lisbon"]);
    const [first] = ps.received.filter((r) => r.device === ann.device.name);
    expect(first!.note.url).toBe(`/app/view-timeline?id=${ann.timeline.id}`);
    expect(first!.headers.ttl).toBe("86400");
    expect(first!.headers["content-encoding"]).toBe("aes128gcm");

    t.clock.advance(10 * MIN);
    await addMemory(ann.timeline.id);
    t.clock.advance(20 * MIN);
    await addMemory(ann.timeline.id);
    await tick();
    expect(ps.to(ann.device.name)).toHaveLength(1);

    t.clock.advance(31 * MIN); // the hour since the first note is over
    await tick();
    await tick();
    expect(ps.to(ann.device.name)).toEqual(["Tomás added a memory to Lisbon", "Tomás added 2 memories to Lisbon"]);

    // a memory after that hour is a first one again
    t.clock.advance(10 * MIN);
    await addMemory(ann.timeline.id);
    expect(ps.to(ann.device.name).at(-1)).toBe("Tomás added a memory to Lisbon");
  });

  it("quiet hours in each person's zone: 07:00 in Auckland waits, 08:00 in Honolulu is told at once", async () => {
    // 18:00 UTC: 07:00 next day in Auckland (quiet until 08), 08:00 in Honolulu (-10)
    t.clock.set(new Date("2026-03-12T18:00:00Z"));
    const ann = await partner("Aroha", "Karekare", { push: "hourly", time_zone: "Pacific/Auckland" });
    const hana = await partner("Hana", "Waikiki", { push: "hourly", time_zone: "Pacific/Honolulu" });
    for (const p of [ann, hana]) {
      await tomasA
        .post("/api/timelines")
        .set(ORIGIN)
        .send({ title: `Next with ${p.user.displayName}`, collaborator_id: p.user.id, privacy: "private" })
        .expect(201);
    }
    expect(ps.to(hana.device.name)).toEqual(["Tomás invited you to share Next with Hana"]);
    expect(ps.to(ann.device.name)).toEqual([]);
    await addMemory(ann.timeline.id);
    t.clock.advance(59 * MIN);
    await tick();
    expect(ps.to(ann.device.name)).toEqual([]);
    t.clock.advance(1 * MIN); // 08:00 in Auckland
    await tick();
    expect(ps.to(ann.device.name).sort()).toEqual([
      "Tomás added a memory to Karekare",
      "Tomás invited you to share Next with Aroha",
    ]);
  });

  it("a consent request is pushed at once and opens the timeline's settings", async () => {
    t.clock.set(new Date("2026-03-13T00:00:00Z")); // 13:00 in Auckland
    const ann = await partner("Mere", "Rotorua", { push: "daily", time_zone: "Pacific/Auckland" });
    await tomasA.put(`/api/timelines/${ann.timeline.id}`).set(ORIGIN).send({ privacy: "public" }).expect(202);
    const got = ps.received.filter((r) => r.device === ann.device.name);
    expect(got.map((r) => r.note.body)).toEqual(["Tomás asks to change who can see Rotorua"]);
    expect(got[0]!.note.url).toBe(`/app/timeline-settings?id=${ann.timeline.id}`);
  });

  it("daily: everything gathered into one note at the person's hour (09:00 in Honolulu), once", async () => {
    t.clock.set(new Date("2026-03-14T18:10:00Z")); // 08:10 in Honolulu
    const hana = await partner("Leilani", "Kailua", {
      push: "daily",
      digest_hour: 9,
      time_zone: "Pacific/Honolulu",
    });
    await addMemory(hana.timeline.id);
    await addMemory(hana.timeline.id);
    t.clock.advance(49 * MIN);
    await tick();
    expect(ps.to(hana.device.name)).toEqual([]);
    t.clock.advance(1 * MIN); // 09:00
    await tick();
    t.clock.advance(30 * MIN);
    await tick();
    expect(ps.to(hana.device.name)).toEqual(["Tomás added 2 memories to Kailua"]);
  });

  it("a muted timeline and push turned off are silent", async () => {
    t.clock.set(new Date("2026-03-15T00:00:00Z"));
    const ann = await partner("Kiri", "Muted", { push: "hourly", time_zone: "Pacific/Auckland" });
    await ann.agent
      .put(PREFS)
      .set(ORIGIN)
      .send({ muted_timeline_ids: [ann.timeline.id] })
      .expect(200);
    await addMemory(ann.timeline.id);
    await ann.agent.put(PREFS).set(ORIGIN).send({ muted_timeline_ids: [], push: "off" }).expect(200);
    await addMemory(ann.timeline.id);
    t.clock.advance(2 * HOUR);
    await tick();
    expect(ps.to(ann.device.name)).toEqual([]);
  });

  it("a subscription the push service calls gone (410, 404) is removed; another device still hears", async () => {
    t.clock.set(new Date("2026-03-16T00:00:00Z"));
    const ann = await partner("Wiremu", "Tongariro", { push: "hourly", time_zone: "Pacific/Auckland" });
    const laptop: Device = ps.device("wiremu-laptop");
    const tablet: Device = ps.device("wiremu-tablet");
    for (const d of [laptop, tablet]) {
      await ann.agent.post("/api/push/subscriptions").set(ORIGIN).send(d.subscription).expect(201);
    }
    ps.answer(laptop.name, 410);
    ps.answer(tablet.name, 404);
    await addMemory(ann.timeline.id);
    expect(ps.to(ann.device.name)).toEqual(["Tomás added a memory to Tongariro"]);
    const endpoints = (await t.ds.query(`SELECT "endpoint" FROM "push_subscriptions" WHERE "user_id" = $1`, [
      ann.user.id,
    ])) as { endpoint: string }[];
    expect(endpoints.map((e) => e.endpoint)).toEqual([ann.device.subscription.endpoint]);
  });

  it("logging out removes this device's subscription; deleting the account removes all", async () => {
    const ann = await partner("Hemi", "Leaving", { push: "hourly" });
    const other = await signInAs(t, ann.user);
    const second = ps.device("hemi-second");
    await other.post("/api/push/subscriptions").set(ORIGIN).send(second.subscription).expect(201);
    const count = async () =>
      (
        (await t.ds.query(`SELECT count(*)::int AS n FROM "push_subscriptions" WHERE "user_id" = $1`, [
          ann.user.id,
        ])) as {
          n: number;
        }[]
      )[0]!.n;
    expect(await count()).toBe(2);
    await ann.agent.post("/api/auth/logout").set(ORIGIN).expect(200);
    expect(await count()).toBe(1);
    await other.delete("/api/users/me").set(ORIGIN).send({ confirm: "DELETE" }).expect(200);
    expect(await count()).toBe(0);
  });
});
