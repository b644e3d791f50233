import { describe, expect, it } from "vitest";
import { createTimeline, createUser } from "../factories/index.js";
import type { MailCatcher } from "../helpers/mail-catcher.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import { anonymous, errorCode, gql, signInAs } from "../helpers/sign-in-as.js";
import type { TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { TimelineStatus } from "../../src/entities/timeline.enums.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { INVITE_LINK_MESSAGES } from "../../src/modules/timelines/invite-link.service.js";

/**
 * The waiting page's "Remind {name}" and "Copy invite link"
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md): the reminder is the invitation
 * mail again over real SMTP, the same for an address with or without an account, once a day; the
 * link opens the proposal for its invited person only, once, within 7 days.
 */
const CREATE = `mutation($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }`;
const REMIND = `mutation($id: ID!) { remindCollaborator(timelineId: $id) { remindableAt timeline { id remindableAt } } }`;
const LINK = `mutation($id: ID!) { createInviteLink(timelineId: $id) { url expiresAt } }`;
const OPEN = `mutation($token: String!) { openInviteLink(token: $token) { timeline { id canRespond } } }`;
const WAITING = `query($id: ID!) { timeline(id: $id) { remindableAt } }`;

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("remind the invited person", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)));

  const shape = (text: string, address: string) => text.replaceAll(address, "<address>");

  it("sends the same invitation mail again, to an account's address and to a new address alike", async () => {
    const ann = await createUser(t.ds, { displayName: "Ann", email: "ann@example.com" });
    await createUser(t.ds, { displayName: "Cleo", email: "cleo@example.com" });
    const annA = await signInAs(t, ann);
    const ids: string[] = [];
    for (const to of ["cleo@example.com", "nobody-yet@example.com"]) {
      const r = await gql(annA, CREATE, { input: { title: "Trips", collaboratorEmail: to, privacy: "PRIVATE" } });
      ids.push(r.data!.createTimeline.timeline.id);
      await until(`the invitation to ${to}`, () => smtp.to(to)[0]);
    }
    for (const id of ids) {
      const w = await gql(annA, WAITING, { id });
      expect(w.data!.timeline.remindableAt).toBeNull();
      const r = await gql(annA, REMIND, { id });
      expect(r.errors).toBeUndefined();
      const next = new Date(r.data!.remindCollaborator.remindableAt).getTime();
      expect(next - Date.now()).toBeGreaterThan(23 * 3600_000);
      expect(r.data!.remindCollaborator.timeline.remindableAt).not.toBeNull();
    }
    const registered = await until("the reminder to the account", () => smtp.to("cleo@example.com")[1]);
    const unknown = await until("the reminder to the new address", () => smtp.to("nobody-yet@example.com")[1]);
    expect(registered.subject).toBe("You are invited to share a timeline on Keepsake");
    expect(shape(registered.text, "cleo@example.com")).toBe(shape(unknown.text, "nobody-yet@example.com"));
    expect(shape(registered.text, "cleo@example.com")).toBe(
      shape(smtp.to("cleo@example.com")[0]!.text, "cleo@example.com"),
    );
  });

  it("once a day per proposal: a second reminder is 429 with when, and sends nothing", async () => {
    const bo = await createUser(t.ds, { displayName: "Bo", email: "bo@example.com" });
    const boA = await signInAs(t, bo);
    const r = await gql(boA, CREATE, {
      input: { title: "Later", collaboratorEmail: "dana@example.com", privacy: "PRIVATE" },
    });
    const id = r.data!.createTimeline.timeline.id as string;
    expect((await boA.post(`/api/timelines/${id}/remind`)).status).toBe(200);
    await until("invitation and reminder", () => smtp.to("dana@example.com")[1]);
    const again = await boA.post(`/api/timelines/${id}/remind`);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe("You can remind dana again tomorrow");
    expect(Number(again.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    const g = await gql(boA, REMIND, { id });
    expect(errorCode(g)).toBe("RATE_LIMITED");
    expect(g.errors![0]!.message).toBe("You can remind dana again tomorrow");
    // a proposal made a mail job the inline queue ran in the request: nothing more arrived
    expect(smtp.to("dana@example.com")).toHaveLength(2);
  });

  it("names an account the creator may know by its name in the limit's message", async () => {
    const cy = await createUser(t.ds, { displayName: "Cy", email: "cy@example.com" });
    const eve = await createUser(t.ds, { displayName: "Eve", email: "eve@example.com" });
    const tl = await createTimeline(t.ds, {
      createdById: cy.id,
      collaboratorId: eve.id,
      status: TimelineStatus.PENDING,
    });
    const cyA = await signInAs(t, cy);
    expect(errorCode(await gql(cyA, REMIND, { id: tl.id }))).toBeUndefined();
    const again = await gql(cyA, REMIND, { id: tl.id });
    expect(again.errors![0]!.message).toBe("You can remind Eve again tomorrow");
  });

  it("only the creator of a waiting proposal: the invitee 403, a stranger 404, signed out 401, answered 409", async () => {
    const fi = await createUser(t.ds, { email: "fi@example.com" });
    const gil = await createUser(t.ds, { email: "gil@example.com" });
    const stranger = await createUser(t.ds, { email: "st@example.com" });
    const pending = await createTimeline(t.ds, {
      createdById: fi.id,
      collaboratorId: gil.id,
      status: TimelineStatus.PENDING,
    });
    const accepted = await createTimeline(t.ds, { createdById: fi.id, collaboratorId: gil.id });
    for (const path of ["remind", "invite-link"]) {
      expect((await (await signInAs(t, gil)).post(`/api/timelines/${pending.id}/${path}`)).status).toBe(403);
      expect((await (await signInAs(t, stranger)).post(`/api/timelines/${pending.id}/${path}`)).status).toBe(404);
      expect((await anonymous(t).post(`/api/timelines/${pending.id}/${path}`)).status).toBe(401);
      expect((await (await signInAs(t, fi)).post(`/api/timelines/${accepted.id}/${path}`)).status).toBe(409);
    }
    expect(smtp.to("gil@example.com")).toEqual([]);
  });
});

describe("invite links", () => {
  let t: TestApp;
  appWithMail((app) => (t = app));

  async function proposal() {
    const creator = await createUser(t.ds, { displayName: "Hana" });
    const invitee = await createUser(t.ds, { displayName: "Ivo" });
    const tl = await createTimeline(t.ds, {
      createdById: creator.id,
      collaboratorId: invitee.id,
      status: TimelineStatus.PENDING,
    });
    return { creator, invitee, tl, creatorA: await signInAs(t, creator), inviteeA: await signInAs(t, invitee) };
  }

  it("opens the proposal for the invited person, who can then accept; only a hash is stored", async () => {
    const { tl, creatorA, inviteeA } = await proposal();
    const res = await creatorA.post(`/api/timelines/${tl.id}/invite-link`);
    expect(res.status).toBe(201);
    const url = new URL(res.body.url as string);
    expect(url.pathname).toBe("/app/invite");
    const days = (new Date(res.body.expires_at as string).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const token = url.searchParams.get("token")!;
    const rows = (await t.ds.query(`SELECT token_hash FROM timeline_invite_links WHERE timeline_id = $1`, [tl.id])) as {
      token_hash: string;
    }[];
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const opened = await gql(inviteeA, OPEN, { token });
    expect(opened.data!.openInviteLink.timeline).toEqual({ id: tl.id, canRespond: true });
    // the same person again (a reload): still theirs
    expect(errorCode(await gql(inviteeA, OPEN, { token }))).toBeUndefined();
    const acc = await gql(
      inviteeA,
      `mutation($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { status } } }`,
      {
        id: tl.id,
      },
    );
    expect(acc.data!.acceptTimeline.timeline.status).toBe("ACCEPTED");
  });

  it("a third person is refused and nothing changes: the link still works for the invited person", async () => {
    const { tl, creatorA, inviteeA } = await proposal();
    const third = await createUser(t.ds, { displayName: "Jon" });
    const thirdA = await signInAs(t, third);
    const token = tokenOf((await gql(creatorA, LINK, { id: tl.id })).data!.createInviteLink.url);
    const refused = await gql(thirdA, OPEN, { token });
    expect(errorCode(refused)).toBe("FORBIDDEN");
    expect(refused.errors![0]!.message).toBe(INVITE_LINK_MESSAGES.someoneElse);
    const rest = await thirdA.post("/api/invite-links/open").send({ token });
    expect(rest.status).toBe(403);
    expect(JSON.stringify(rest.body)).not.toContain(tl.title);
    const row = await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id });
    expect(row.collaboratorId).not.toBe(third.id);
    expect(row.status).toBe(TimelineStatus.PENDING);
    // the creator cannot take the invitee's place either
    expect(errorCode(await gql(creatorA, OPEN, { token }))).toBe("FORBIDDEN");
    expect(errorCode(await gql(inviteeA, OPEN, { token }))).toBeUndefined();
  });

  it("a used link refuses another account; an expired, replaced or made-up one says so", async () => {
    const { tl, creatorA, inviteeA, invitee } = await proposal();
    const first = tokenOf((await gql(creatorA, LINK, { id: tl.id })).data!.createInviteLink.url);
    const second = tokenOf((await gql(creatorA, LINK, { id: tl.id })).data!.createInviteLink.url);
    const replaced = await gql(inviteeA, OPEN, { token: first });
    expect(errorCode(replaced)).toBe("NOT_FOUND");
    expect(replaced.errors![0]!.message).toBe(INVITE_LINK_MESSAGES.invalid);
    expect(errorCode(await gql(inviteeA, OPEN, { token: "x".repeat(43) }))).toBe("NOT_FOUND");
    expect(errorCode(await gql(inviteeA, OPEN, { token: "short" }))).toBe("BAD_USER_INPUT");

    // expired
    await t.ds.query(`UPDATE timeline_invite_links SET expires_at = '2000-01-01' WHERE timeline_id = $1`, [tl.id]);
    const expired = await gql(inviteeA, OPEN, { token: second });
    expect(expired.errors![0]!.message).toBe(INVITE_LINK_MESSAGES.expired);

    // used by the invitee, then the invitation's account changes hands: the link stays used
    const third = tokenOf((await gql(creatorA, LINK, { id: tl.id })).data!.createInviteLink.url);
    expect(errorCode(await gql(inviteeA, OPEN, { token: third }))).toBeUndefined();
    const other = await createUser(t.ds, {});
    await t.ds.getRepository(Timeline).update({ id: tl.id }, { collaboratorId: other.id });
    const used = await gql(await signInAs(t, other), OPEN, { token: third });
    expect(errorCode(used)).toBe("CONFLICT");
    expect(used.errors![0]!.message).toBe(INVITE_LINK_MESSAGES.used);
    expect(invitee.id).not.toBe(other.id);
  });

  it("signed out: 401 and nothing is used", async () => {
    const { tl, creatorA, inviteeA } = await proposal();
    const token = tokenOf((await gql(creatorA, LINK, { id: tl.id })).data!.createInviteLink.url);
    expect((await anonymous(t).post("/api/invite-links/open").send({ token })).status).toBe(401);
    expect(errorCode(await gql(inviteeA, OPEN, { token }))).toBeUndefined();
  });
});
