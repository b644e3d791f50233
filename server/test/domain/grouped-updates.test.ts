/**
 * Updates, server half (docs/decisions/022-grouped-updates.md): memory_added notices grouped per
 * timeline and day with the single-memory wording kept; names and titles resolved when read;
 * notices about a timeline only for people who may see it under its tier; friend notices at
 * most one per person per day.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Privacy } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createTimeline, createUser } from "../factories/index.js";
import { distinctCopy, FIXTURES } from "../helpers/fixtures.js";
import { gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const PHOTO = fs.readFileSync(path.join(FIXTURES, "photo-plain.jpg"));
const LIST = `{ notifications { edges { node { id type message isRead relatedTimelineId } } } }`;
type Shown = { id: string; type: string; message: string; isRead: boolean; relatedTimelineId: string };
/** The notices of a `LIST` answer (a connection: docs/decisions/024-paged-reads.md). */
const noticesOf = (data: Json): Shown[] =>
  (data.notifications as { edges: { node: Shown }[] }).edges.map((e) => e.node);
const ORIGIN = { Origin: "http://keepsake.test" };

describe("grouped updates", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date("2026-03-10T08:00:00Z"));
  });
  afterAll(() => t.close());

  const shown = async (agent: Agent, timelineId: string): Promise<Shown[]> =>
    noticesOf((await gql(agent, LIST)).data!).filter((n) => n.relatedTimelineId === timelineId);
  const restShown = async (agent: Agent, timelineId: string) =>
    ((await agent.get("/api/notifications").expect(200)).body as { message: string; related_timeline_id: string }[])
      .filter((n) => n.related_timeline_id === timelineId)
      .map((n) => n.message);

  const addMemory = async (agent: Agent, timelineId: string) => {
    const up = await agent
      .post("/api/upload/file")
      .set(ORIGIN)
      .attach("file", distinctCopy(PHOTO), "p.jpg")
      .expect(201);
    await agent
      .post("/api/memories")
      .set(ORIGIN)
      .send({
        timeline_id: timelineId,
        media_public_id: up.body.public_id,
        caption: "A day",
        memory_date: "2024-01-05",
      })
      .expect(201);
  };

  describe("memory_added", () => {
    let tomas: User;
    let ann: User;
    let tomasA: Agent;
    let annA: Agent;
    let trips: { id: string };
    beforeAll(async () => {
      tomas = await createUser(t.ds, { displayName: "Tomás" });
      ann = await createUser(t.ds, { displayName: "Ann" });
      tomasA = await signInAs(t, tomas);
      annA = await signInAs(t, ann);
      trips = await connect(t.ds, tomas, ann, { title: "Trips" });
    });

    it("one memory keeps the spec's wording", async () => {
      await addMemory(tomasA, trips.id);
      const [n, ...more] = await shown(annA, trips.id);
      expect(more).toEqual([]);
      expect(n).toMatchObject({ type: "MEMORY_ADDED", message: 'Tomás added a new memory to "Trips"', isRead: false });
    });

    it("more memories the same day count into the same notice, unread again and on top", async () => {
      const [first] = await shown(annA, trips.id);
      await annA.put(`/api/notifications/${first!.id}/read`).set(ORIGIN).expect(200);
      t.clock.advance(60 * 60_000);
      for (let i = 0; i < 4; i++)
        await t.services.notifications.memoryAdded(
          { ...trips, title: "Trips", createdById: tomas.id, collaboratorId: ann.id },
          tomas,
        );
      const list = await shown(annA, trips.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id: first!.id, message: 'Tomás added 5 memories to "Trips"', isRead: false });
      expect(await restShown(annA, trips.id)).toEqual(['Tomás added 5 memories to "Trips"']);
      const all = noticesOf((await gql(annA, LIST)).data!);
      expect(all[0]!.id).toBe(first!.id);
      // the actor is never told about their own memories
      expect(await shown(tomasA, trips.id)).toEqual([]);
    });

    it("the next day starts a new notice", async () => {
      t.clock.advance(24 * 60 * 60_000);
      await addMemory(tomasA, trips.id);
      const messages = (await shown(annA, trips.id)).map((n) => n.message);
      expect(messages).toEqual(['Tomás added a new memory to "Trips"', 'Tomás added 5 memories to "Trips"']);
    });

    it("names and titles are resolved when read: a renamed person and timeline show the new names", async () => {
      await tomasA.put("/api/users/me").set(ORIGIN).send({ display_name: "Tom" }).expect(200);
      await tomasA.put(`/api/timelines/${trips.id}`).set(ORIGIN).send({ title: "Voyages" }).expect(200);
      const messages = (await shown(annA, trips.id)).map((n) => n.message);
      expect(messages).toEqual(['Tom added a new memory to "Voyages"', 'Tom added 5 memories to "Voyages"']);
      expect(await restShown(annA, trips.id)).toEqual(messages);
    });

    it("View opens the first memory new to the reader: the first of the day, then the first after reading", async () => {
      const post = async () => {
        const up = await tomasA
          .post("/api/upload/file")
          .set(ORIGIN)
          .attach("file", distinctCopy(PHOTO), "p.jpg")
          .expect(201);
        const made = await tomasA
          .post("/api/memories")
          .set(ORIGIN)
          .send({ timeline_id: trips.id, media_public_id: up.body.public_id, caption: "Again" })
          .expect(201);
        return (made.body as { id: string }).id;
      };
      const actionUrl = async () => {
        const { data } = await gql(annA, `{ notifications { edges { node { id relatedTimelineId actionUrl } } } }`);
        const edges = (
          data!.notifications as { edges: { node: { id: string; relatedTimelineId: string; actionUrl: string } }[] }
        ).edges;
        return edges.map((e) => e.node).find((n) => n.relatedTimelineId === trips.id)!;
      };
      t.clock.advance(24 * 60 * 60_000);
      const first = await post();
      await post();
      const notice = await actionUrl();
      expect(notice.actionUrl).toBe(`/app/view-timeline?id=${trips.id}&memory=${first}`);
      await annA.put(`/api/notifications/${notice.id}/read`).set(ORIGIN).expect(200);
      const third = await post();
      expect((await actionUrl()).actionUrl).toBe(`/app/view-timeline?id=${trips.id}&memory=${third}`);
    });
  });

  describe("friend notices", () => {
    /** amy–bo share the subject; fay is amy's friend; gus is fay's friend (two steps from amy). */
    async function world(privacy: Privacy) {
      const amy = await createUser(t.ds, { displayName: "Amy" });
      const bo = await createUser(t.ds, { displayName: "Bo" });
      const fay = await createUser(t.ds, { displayName: "Fay" });
      const gus = await createUser(t.ds, { displayName: "Gus" });
      await connect(t.ds, amy, fay);
      await connect(t.ds, fay, gus);
      const subject = await createTimeline(t.ds, {
        createdById: amy.id,
        collaboratorId: bo.id,
        privacy,
        title: "Beach",
      });
      return { amy, bo, fay, gus, subject, amyA: await signInAs(t, amy), fayA: await signInAs(t, fay) };
    }
    const photos = (agent: Agent, timelineId: string, photoCount: number) =>
      agent.post("/api/notifications/friend-photos-uploaded").set(ORIGIN).send({ timelineId, photoCount }).expect(200);
    const friendNotices = (recipientId: string, actorId: string) =>
      t.ds.getRepository(Notification).findBy({ recipientId, relatedUserId: actorId });

    it("reach only people who may see the timeline under its tier, as the access layer decides", async () => {
      for (const privacy of [Privacy.PRIVATE, Privacy.SEMI_PRIVATE, Privacy.PUBLIC]) {
        const w = await world(privacy);
        const told = (await photos(w.amyA, w.subject.id, 1)).body.count as number;
        for (const u of [w.fay, w.gus, w.bo]) {
          const n = await friendNotices(u.id, w.amy.id);
          const canSee = (await t.services.access.viewer(u.id).canView(w.subject)) as boolean;
          // nobody is told about a timeline they cannot see; the participants are never told
          if (n.length) expect(canSee).toBe(true);
          if (u.id === w.bo.id) expect(n).toHaveLength(0);
        }
        expect(told).toBe(privacy === Privacy.PRIVATE ? 0 : 1); // fay, a direct connection, when the tier lets her see it
      }
    });

    it("memories added within the hour each count once; a repeated call with nothing new changes nothing", async () => {
      const w = await world(Privacy.PUBLIC);
      for (let i = 0; i < 3; i += 1) {
        t.clock.advance(5 * 60_000);
        await addMemory(w.amyA, w.subject.id);
        await photos(w.amyA, w.subject.id, 1);
      }
      let list = await shown(w.fayA, w.subject.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ message: 'Amy added 3 new photos to "Beach"', isRead: false });

      await w.fayA.put("/api/notifications/mark-all-read").set(ORIGIN).expect(200);
      t.clock.advance(60_000);
      expect((await photos(w.amyA, w.subject.id, 1)).body.count).toBe(0); // a retry: nobody told again
      list = await shown(w.fayA, w.subject.id);
      expect(list[0]).toMatchObject({ message: 'Amy added 3 new photos to "Beach"', isRead: true });
    });

    it("at most one per person per day: later events that day update it, a new day starts another", async () => {
      const w = await world(Privacy.PUBLIC);
      await photos(w.amyA, w.subject.id, 3);
      t.clock.advance(2 * 60 * 60_000);
      await w.fayA.put("/api/notifications/mark-all-read").set(ORIGIN).expect(200);
      await photos(w.amyA, w.subject.id, 2);
      let list = await shown(w.fayA, w.subject.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        type: "PHOTOS_UPLOADED",
        message: 'Amy added 5 new photos to "Beach"',
        isRead: false,
      });

      // another timeline of Amy's the same day: still one notice from Amy, now about the newest event
      const other = await createTimeline(t.ds, {
        createdById: w.amy.id,
        collaboratorId: w.bo.id,
        privacy: Privacy.PUBLIC,
        title: "Hills",
      });
      t.clock.advance(2 * 60 * 60_000);
      await w.amyA
        .post("/api/notifications/friend-timeline-created")
        .set(ORIGIN)
        .send({ timelineId: other.id })
        .expect(200);
      expect(await friendNotices(w.fay.id, w.amy.id)).toHaveLength(1);
      list = await shown(w.fayA, other.id);
      expect(list[0]).toMatchObject({
        type: "TIMELINE_CREATED",
        message: 'Amy and Bo started a new timeline, "Hills"',
      });

      t.clock.advance(24 * 60 * 60_000);
      await photos(w.amyA, w.subject.id, 1);
      expect(await friendNotices(w.fay.id, w.amy.id)).toHaveLength(2);
      expect((await shown(w.fayA, w.subject.id))[0]).toMatchObject({ message: 'Amy added 1 new photo to "Beach"' });
    });
  });

  it("a notice type the server does not build keeps its stored text", async () => {
    const u = await createUser(t.ds);
    const ua = await signInAs(t, u);
    await t.ds
      .getRepository(Notification)
      .insert({ recipientId: u.id, type: NotificationType.OTHER, message: "Hello there" });
    expect(noticesOf((await gql(ua, LIST)).data!).map((n) => n.message)).toEqual(["Hello there"]);
  });
});
