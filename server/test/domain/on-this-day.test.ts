/**
 * "On this day" (docs/decisions/035-presence.md): memories of the person's own timelines dated
 * today's month and day in an earlier year, today being the person's day in their zone (Auckland
 * is a day ahead of Honolulu); never another couple's timeline, even a public one; in REST,
 * GraphQL and the digest.
 */
import { describe, expect, it } from "vitest";
import { Privacy } from "../../src/entities/timeline.enums.js";
import { connect, createMemory, createTimeline, createUser } from "../factories/index.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import type { MailCatcher } from "../helpers/mail-catcher.js";
import { gql, signInAs } from "../helpers/sign-in-as.js";
import type { TestApp } from "../helpers/test-app.js";

const ORIGIN = { Origin: "http://keepsake.test" };

describe("on this day", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)));

  it("answers each person's day in their zone, from their own timelines only", async () => {
    const tomas = await createUser(t.ds, { displayName: "Tomás" });
    const ann = await createUser(t.ds, { displayName: "Ann", email: "ann-otd@example.com" });
    const hana = await createUser(t.ds, { displayName: "Hana" });
    const [x, y] = [await createUser(t.ds), await createUser(t.ds)];
    await connect(t.ds, ann, x);
    const lisbon = await connect(t.ds, tomas, ann, { title: "Lisbon" });
    const porto = await connect(t.ds, tomas, ann, { title: "Porto" });
    const kailua = await connect(t.ds, tomas, hana, { title: "Kailua" });
    const strangers = await createTimeline(t.ds, { createdById: x.id, collaboratorId: y.id, privacy: Privacy.PUBLIC });
    const m = (timelineId: string, memoryDate: string) =>
      createMemory(t.ds, { timelineId, createdById: tomas.id, memoryDate });
    const a2024 = await m(lisbon.id, "2024-03-11");
    const a2025 = await m(porto.id, "2025-03-11");
    await m(lisbon.id, "2026-03-11"); // this year: not "on this day"
    const h2024 = await m(kailua.id, "2024-03-10");
    await m(strangers.id, "2023-03-11"); // visible to Ann (public), but not her own

    const annA = await signInAs(t, ann);
    const hanaA = await signInAs(t, hana);
    await annA.put("/api/users/me/notification-preferences").set(ORIGIN).send({ time_zone: "Pacific/Auckland" });
    await hanaA.put("/api/users/me/notification-preferences").set(ORIGIN).send({ time_zone: "Pacific/Honolulu" });
    t.clock.set(new Date("2026-03-10T12:00:00Z")); // 01:00 on the 11th in Auckland, 02:00 on the 10th in Honolulu

    const rest = (await annA.get("/api/memories/on-this-day").expect(200)).body as { id: string }[];
    expect(rest.map((r) => r.id)).toEqual([a2025.id, a2024.id]);
    const g = await gql(annA, `{ onThisDay { id memoryDate timeline { title } } }`);
    expect(g.data?.onThisDay).toEqual([
      { id: a2025.id, memoryDate: "2025-03-11", timeline: { title: "Porto" } },
      { id: a2024.id, memoryDate: "2024-03-11", timeline: { title: "Lisbon" } },
    ]);
    const hanas = (await hanaA.get("/api/memories/on-this-day").expect(200)).body as { id: string }[];
    expect(hanas.map((r) => r.id)).toEqual([h2024.id]);

    // and in the digest (a preview)
    await createMemory(t.ds, {
      timelineId: lisbon.id,
      createdById: tomas.id,
      createdAt: new Date("2026-03-10T08:00:00Z"),
    });
    await annA.post("/api/users/me/digest/preview").set(ORIGIN).expect(202);
    const [mail] = smtp.to("ann-otd@example.com");
    expect(mail!.text).toContain("On this day:");
    expect(mail!.text).toContain("- Porto, 2025");
    expect(mail!.text).toContain("- Lisbon, 2024");
  });
});
