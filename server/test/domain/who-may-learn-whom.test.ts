import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createTimeline, createUser } from "../factories/index.js";
import { gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { binaryParser } from "../media/media-helpers.js";

/**
 * One place decides who may learn whom (docs/decisions/032-who-may-learn-whom.md): the data
 * export tells no more than GraphQL and REST do (no address of someone proposed to by id, no
 * account behind a sealed invitation, no notice the person may no longer see), proposals by id
 * count against the same daily limit as by e-mail, a withdrawn proposal leaves its invitee a
 * notice, and a person who leaves is "Former member" in everyone else's notices and exports.
 */

function unzip(buf: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("no zip"));
      const out = new Map<string, string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        if (!/\.(json|html)$/.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString("utf8"));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function exportOf(user: User, agent: Agent): Promise<{ doc: Json; json: string; html: string }> {
  await t.services.exports.limit.reset(user.id);
  const res = await agent.get("/api/users/me/export").buffer(true).parse(binaryParser).expect(200);
  const entries = await unzip(res.body as Buffer);
  const json = entries.get("keepsake.json")!;
  return { doc: JSON.parse(json), json, html: entries.get("index.html")! };
}

const NOTICES = `{ notifications { edges { node { type message relatedUser { id } } } } }`;
async function notices(agent: Agent): Promise<Array<{ type: string; message: string; relatedUser: Json }>> {
  const r = await gql(agent, NOTICES);
  expect(r.errors).toBeUndefined();
  return r.data!.notifications.edges.map((e: Json) => e.node);
}

describe("the harvest: search, propose by id, export, delete", () => {
  let harvester: User;
  let agent: Agent;
  let people: User[];
  const created: string[] = [];
  let statuses: number[];

  beforeAll(async () => {
    harvester = await createUser(t.ds, { displayName: "Harvey" });
    agent = await signInAs(t, harvester);
    people = [];
    for (let i = 0; i < 22; i++) {
      people.push(await createUser(t.ds, { username: `findme${i}`, displayName: `Findable ${i}` }));
    }
    const found = await gql(agent, `{ searchUsers(query: "findme") { id } }`);
    expect(found.data!.searchUsers.length).toBeGreaterThan(0);
    statuses = [];
    for (const p of people) {
      const res = await agent
        .post("/api/timelines")
        .send({ title: `For ${p.username}`, collaborator_id: p.id, privacy: "private" });
      statuses.push(res.status);
      if (res.status === 201) created.push(res.body.id as string);
    }
  }, 60_000);

  it("proposals by id count against the sender's 20 a day, like proposals by e-mail", () => {
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it("the export holds no address of anyone proposed to by id, in keepsake.json or index.html", async () => {
    const { doc, json, html } = await exportOf(harvester, agent);
    expect(doc.timelines).toHaveLength(20);
    for (const tl of doc.timelines) expect(tl.invitedEmail).toBeNull();
    for (const p of people) {
      expect(json).not.toContain(p.email);
      expect(html).not.toContain(p.email);
    }
    // what GraphQL says of the same proposals
    const r = await gql(agent, `{ timelines { edges { node { collaboratorEmail collaborator { email } } } } }`);
    for (const e of r.data!.timelines.edges)
      expect(e.node).toEqual({ collaboratorEmail: null, collaborator: { email: null } });
  });

  it("deleting a pending proposal leaves its invitee a notice that it was withdrawn", async () => {
    const invitee = people[0]!;
    const inviteeA = await signInAs(t, invitee);
    const before = await notices(inviteeA);
    expect(before.map((n) => n.type)).toEqual(["TIMELINE_PROPOSAL"]);
    await agent.delete(`/api/timelines/${created[0]}`).expect(200);
    const after = await notices(inviteeA);
    expect(after).toEqual([
      {
        type: "TIMELINE_WITHDRAWN",
        message: `Harvey withdrew the invitation to share "For ${invitee.username}"`,
        relatedUser: { id: harvester.id },
      },
    ]);
    // GraphQL deleteTimeline does the same
    const second = people[1]!;
    const r = await gql(agent, `mutation($id: ID!) { deleteTimeline(input: { id: $id }) { deletedId } }`, {
      id: created[1],
    });
    expect(r.errors).toBeUndefined();
    expect((await notices(await signInAs(t, second))).map((n) => n.type)).toEqual(["TIMELINE_WITHDRAWN"]);
  });
});

describe("sealed invitations and partners in the export", () => {
  it("a sealed proposal names nobody in the export; the typed address is the creator's own", async () => {
    const creator = await createUser(t.ds);
    const hidden = await createUser(t.ds, { displayName: "Hidden Person", username: "hiddenperson" });
    const creatorA = await signInAs(t, creator);
    const res = await creatorA
      .post("/api/timelines")
      .send({ title: "Sealed", collaborator_email: hidden.email, privacy: "private" })
      .expect(201);
    expect(res.body.collaborator_id).toBeNull();
    const { doc, json, html } = await exportOf(creator, creatorA);
    const tl = doc.timelines.find((x: Json) => x.id === res.body.id);
    expect(tl).toMatchObject({ partner: null, invitedEmail: hidden.email });
    for (const text of [json, html]) {
      expect(text).not.toContain("Hidden Person");
      expect(text).not.toContain("hiddenperson");
    }
  });

  it("an accepted partner is named, with the address the creator invited", async () => {
    const [a, b] = [await createUser(t.ds), await createUser(t.ds, { displayName: "Bea" })];
    const shared = await connect(t.ds, a, b, { collaboratorEmail: b.email });
    const { doc } = await exportOf(a, await signInAs(t, a));
    expect(doc.timelines.find((x: Json) => x.id === shared.id)).toMatchObject({
      partner: { username: b.username, displayName: "Bea" },
      invitedEmail: b.email,
    });
  });

  it("the export's notices are those Updates shows, with the same texts", async () => {
    const [a, b, friend] = [
      await createUser(t.ds),
      await createUser(t.ds, { displayName: "Bo" }),
      await createUser(t.ds),
    ];
    await connect(t.ds, friend, a);
    const theirs = await connect(t.ds, a, b, { privacy: Privacy.PUBLIC, title: "Was public" });
    const friendA = await signInAs(t, friend);
    await t.ds.getRepository(Notification).insert({
      recipientId: friend.id,
      type: NotificationType.MEMORY_ADDED,
      message: "stored text, never shown",
      relatedUserId: b.id,
      relatedTimelineId: theirs.id,
      count: 1,
    });
    const shown = await notices(friendA);
    expect(shown.map((n) => n.message)).toEqual([`Bo added a new memory to "Was public"`]);
    expect((await exportOf(friend, friendA)).doc.notifications.map((n: Json) => n.message)).toEqual([
      `Bo added a new memory to "Was public"`,
    ]);
    // the timeline turns private: Updates and the export leave the notice out, title and all
    await t.ds.query(`UPDATE timelines SET privacy = 'private' WHERE id = $1`, [theirs.id]);
    expect(await notices(friendA)).toEqual([]);
    const { doc, json } = await exportOf(friend, friendA);
    expect(doc.notifications).toEqual([]);
    expect(json).not.toContain("Was public");
  });
});

describe("a person who leaves is a former member everywhere", () => {
  it("their name leaves the other person's stored notices, Updates and export", async () => {
    const stays = await createUser(t.ds, { displayName: "Stays" });
    const leaves = await createUser(t.ds, { displayName: "Quentin Leaving", username: "quentinleaves" });
    const [staysA, leavesA] = [await signInAs(t, stays), await signInAs(t, leaves)];
    const shared = await connect(t.ds, stays, leaves, { title: "Ours" });
    // notices naming the one who leaves: a memory added, an accept, and a proposal they made (withdrawn with them)
    await t.services.notifications.memoryAdded(shared, leaves);
    const proposal = await createTimeline(t.ds, {
      createdById: leaves.id,
      collaboratorId: stays.id,
      status: TimelineStatus.PENDING,
      title: "Their idea",
    });
    await t.services.notifications.timelineProposed(proposal, leaves);
    expect((await notices(staysA)).map((n) => n.message)).toContain(`Quentin Leaving added a new memory to "Ours"`);

    const r = await gql(leavesA, `mutation { deleteAccount(input: { confirm: "DELETE" }) { deleted } }`);
    expect(r.errors).toBeUndefined();

    const stored: { message: string }[] = await t.ds.query(
      `SELECT message FROM notifications WHERE recipient_id = $1`,
      [stays.id],
    );
    for (const n of stored) expect(n.message).not.toMatch(/Quentin|quentinleaves/);
    const shown = (await notices(staysA)).map((n) => n.message);
    expect(shown).toContain(`Former member added a new memory to "Ours"`);
    expect(shown).toContain(`Former member withdrew the invitation to share "Their idea"`);
    const { json, html } = await exportOf(stays, staysA);
    for (const text of [json, html]) expect(text).not.toMatch(/Quentin|quentinleaves/);
  });
});
