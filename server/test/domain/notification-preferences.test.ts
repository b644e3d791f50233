/**
 * Notification preferences (docs/decisions/035-presence.md): defaults until changed, a partial
 * change keeps the rest, a wrong value is a 400 naming the field (REST) or BAD_USER_INPUT naming
 * it (GraphQL), and a muted timeline must be one the person can see.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTimeline, createUser } from "../factories/index.js";
import { anonymous, errorCode, gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const PATH = "/api/users/me/notification-preferences";

describe("notification preferences", () => {
  let t: TestApp;
  let ann: Agent;
  let ownTimeline: string;
  let strangersTimeline: string;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await createUser(t.ds);
    const b = await createUser(t.ds);
    const c = await createUser(t.ds);
    const d = await createUser(t.ds);
    ann = await signInAs(t, a);
    ownTimeline = (await createTimeline(t.ds, { createdById: a.id, collaboratorId: b.id })).id;
    strangersTimeline = (await createTimeline(t.ds, { createdById: c.id, collaboratorId: d.id })).id;
  });
  afterAll(() => t.close());

  it("answers the defaults before any change: everything off, 08:00, quiet 22–08, no zone yet", async () => {
    const res = await ann.get(PATH).expect(200);
    expect(res.body).toEqual({
      push: "off",
      email_digest: "off",
      digest_hour: 8,
      time_zone: null,
      quiet_start: 22,
      quiet_end: 8,
      muted_timeline_ids: [],
    });
  });

  it("keeps what a PUT does not name, and GraphQL reads the same", async () => {
    await ann.put(PATH).send({ push: "hourly", time_zone: "Pacific/Auckland" }).expect(200);
    const res = await ann
      .put(PATH)
      .send({ email_digest: "weekly", digest_hour: 19, muted_timeline_ids: [ownTimeline] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      push: "hourly",
      email_digest: "weekly",
      digest_hour: 19,
      time_zone: "Pacific/Auckland",
      muted_timeline_ids: [ownTimeline],
    });
    const g = await gql(
      ann,
      `{ notificationPreferences { push emailDigest digestHour timeZone quietStart quietEnd mutedTimelineIds } }`,
    );
    expect(g.data?.notificationPreferences).toEqual({
      push: "HOURLY",
      emailDigest: "WEEKLY",
      digestHour: 19,
      timeZone: "Pacific/Auckland",
      quietStart: 22,
      quietEnd: 8,
      mutedTimelineIds: [ownTimeline],
    });
  });

  it.each([
    [{ push: "always" }, "push"],
    [{ email_digest: "hourly" }, "email_digest"],
    [{ digest_hour: 24 }, "digest_hour"],
    [{ digest_hour: "8" }, "digest_hour"],
    [{ quiet_start: -1 }, "quiet_start"],
    [{ quiet_end: 7.5 }, "quiet_end"],
    [{ time_zone: "Mars/Olympus" }, "time_zone"],
    [{ muted_timeline_ids: ["not-an-id"] }, "muted_timeline_ids"],
  ])("refuses %j with a 400 naming %s, and changes nothing", async (body, field) => {
    const before = (await ann.get(PATH).expect(200)).body;
    const res = await ann.put(PATH).send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toContain(field);
    expect((await ann.get(PATH).expect(200)).body).toEqual(before);
  });

  it("refuses to mute a timeline the person cannot see, without telling whether it exists", async () => {
    const res = await ann
      .put(PATH)
      .send({ muted_timeline_ids: [strangersTimeline] })
      .expect(400);
    expect(res.body.field).toBe("muted_timeline_ids");
    const g = await gql(
      ann,
      `mutation($id: ID!) { updateNotificationPreferences(input: { mutedTimelineIds: [$id] }) { push } }`,
      { id: strangersTimeline },
    );
    expect(errorCode(g)).toBe("BAD_USER_INPUT");
  });

  it("GraphQL changes them too and names a wrong field", async () => {
    const ok = await gql(
      ann,
      `mutation { updateNotificationPreferences(input: { push: DAILY, quietStart: 0, quietEnd: 0 }) { push quietStart quietEnd } }`,
    );
    expect(ok.data?.updateNotificationPreferences).toEqual({ push: "DAILY", quietStart: 0, quietEnd: 0 });
    const bad = await gql(ann, `mutation { updateNotificationPreferences(input: { digestHour: 30 }) { push } }`);
    expect(errorCode(bad)).toBe("BAD_USER_INPUT");
    expect(bad.errors?.[0]?.message).toContain("digestHour");
  });

  it("is for the signed-in person only", async () => {
    await anonymous(t).get(PATH).expect(401);
    await anonymous(t).put(PATH).send({ push: "off" }).expect(401);
  });
});
