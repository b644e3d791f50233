/**
 * A push the push service refuses for a while (500, 503) is retried by the durable queue until it
 * is delivered, and its subscription stays (docs/decisions/035-presence.md); only 404/410 remove one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, createUser } from "../factories/index.js";
import { startPushService } from "../helpers/push-service.js";
import { signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";

const ORIGIN = { Origin: "http://keepsake.test" };

describe("push retries", () => {
  let t: TestApp;
  let ps: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    t = await createTestApp({
      deps: { backgroundJobs: true, jobOptions: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
    });
    ps = await startPushService();
  });
  afterAll(async () => {
    await t?.close();
    await ps?.close();
  });

  it("retries a refused push until the push service takes it", async () => {
    const tomas = await createUser(t.ds, { displayName: "Tomás" });
    const ann = await createUser(t.ds, { displayName: "Ann" });
    const timeline = await connect(t.ds, tomas, ann, { title: "Lisbon" });
    const annA = await signInAs(t, ann);
    const phone = ps.device("ann-phone");
    await annA.post("/api/push/subscriptions").set(ORIGIN).send(phone.subscription).expect(201);
    await annA
      .put("/api/users/me/notification-preferences")
      .set(ORIGIN)
      .send({ push: "hourly", quiet_start: 0, quiet_end: 0 })
      .expect(200);
    ps.answer(phone.name, 503);
    await t.services.notifications.memoryAdded({ ...timeline, title: "Lisbon" }, tomas);
    await until("the push service refused twice", () => ps.refused.length >= 2);
    ps.answer(phone.name, 201);
    await until("the push arrived", () => ps.received.length === 1);
    expect(ps.to(phone.name)).toEqual(["Tomás added a memory to Lisbon"]);
    const [{ n }] = (await t.ds.query(`SELECT count(*)::int AS n FROM "push_subscriptions"`)) as { n: number }[];
    expect(n).toBe(1);
  });
});
