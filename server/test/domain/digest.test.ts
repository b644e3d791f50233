/**
 * The e-mail digest against the real SMTP capture (docs/decisions/035-presence.md): at the person's
 * hour in their zone, daily or weekly; nothing when nothing is new; never twice for one period, even
 * with two processes ticking at once; List-Unsubscribe with RFC 8058 one-click, which turns the
 * digest off without a session or an Origin; "Send me a preview now".
 */
import path from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../../src/app.js";
import { createLogger } from "../../src/lib/logger.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createMemory, createUser } from "../factories/index.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import type { MailCatcher } from "../helpers/mail-catcher.js";
import { signInAs, type Agent } from "../helpers/sign-in-as.js";
import type { TestApp } from "../helpers/test-app.js";

const ORIGIN = { Origin: "http://keepsake.test" };
const PREFS = "/api/users/me/notification-preferences";
const CAPTION = "Breakfast at the market";
const PLACE = "Mercado da Ribeira";

describe("e-mail digest", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)));

  let tomas: User;
  let second: App;
  beforeAll(async () => {
    tomas = await createUser(t.ds, { displayName: "Tomás" });
    // a second process on the same database
    second = await createApp({
      ds: t.ds,
      env: t.env,
      clock: t.clock,
      logger: createLogger("silent"),
      clientDist: path.join(t.dataDir, "no-client"),
    });
  });
  afterAll(() => second?.stop());

  async function person(name: string, prefs: Record<string, unknown>) {
    const user = await createUser(t.ds, { displayName: name, email: `${name.toLowerCase()}@example.com` });
    const agent = await signInAs(t, user);
    await agent.put(PREFS).set(ORIGIN).send(prefs).expect(200);
    return { user, agent, email: user.email };
  }
  const memory = (timelineId: string, at: string) =>
    createMemory(t.ds, {
      timelineId,
      createdById: tomas.id,
      caption: CAPTION,
      location: PLACE,
      meaning: "we laughed",
      createdAt: new Date(at),
    });
  const tickBoth = () => Promise.all([t.services.digest.tick(), second.services.digest.tick()]);

  let ann: { user: User; agent: Agent; email: string };
  it("daily at the person's hour in Auckland, grouped, once, with one-click unsubscribe headers", async () => {
    ann = await person("Ann", { email_digest: "daily", digest_hour: 8, time_zone: "Pacific/Auckland" });
    const lisbon = await connect(t.ds, tomas, ann.user, { title: "Lisbon" });
    const porto = await connect(t.ds, tomas, ann.user, { title: "Porto" });
    await memory(lisbon.id, "2026-03-10T10:00:00Z");
    await memory(lisbon.id, "2026-03-10T11:00:00Z");
    await memory(porto.id, "2026-03-10T12:00:00Z");
    t.clock.set(new Date("2026-03-10T18:55:00Z")); // 07:55 on the 11th in Auckland
    await tickBoth();
    expect(smtp.to(ann.email)).toHaveLength(0);
    t.clock.set(new Date("2026-03-10T19:00:00Z")); // 08:00
    await tickBoth();
    t.clock.set(new Date("2026-03-10T19:05:00Z"));
    await tickBoth();
    const mails = smtp.to(ann.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("New in Keepsake today");
    expect(mail!.text).toContain("Tomás added 2 memories to Lisbon");
    expect(mail!.text).toContain("Tomás added a memory to Porto");
    expect(mail!.html).toContain("Tomás added 2 memories to Lisbon");
    for (const part of [mail!.text, mail!.html]) {
      expect(part).not.toContain(CAPTION);
      expect(part).not.toContain(PLACE);
      expect(part).not.toContain("we laughed");
    }
    const raw = mail!.raw.toString("utf8").replace(/\r\n\s+/g, " ");
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = /^List-Unsubscribe: <(http:\/\/keepsake\.test\/api\/digest\/unsubscribe\?token=[^>]+)>$/m.exec(
      raw,
    )?.[1];
    expect(url).toBeTruthy();

    // the mail client's POST: no session, no Origin, a form body
    const target = new URL(url!);
    const bad = await request(t.app)
      .post(`${target.pathname}?token=${target.searchParams.get("token")!.replace(/.$/, "x")}`)
      .type("form")
      .send("List-Unsubscribe=One-Click");
    expect(bad.status).toBe(400);
    await request(t.app)
      .get(target.pathname + target.search)
      .expect(200);
    expect((await ann.agent.get(PREFS).expect(200)).body.email_digest).toBe("daily");
    await request(t.app)
      .post(target.pathname + target.search)
      .type("form")
      .send("List-Unsubscribe=One-Click")
      .expect(200);
    expect((await ann.agent.get(PREFS).expect(200)).body.email_digest).toBe("off");
    // the exception is this path alone: any other cross-site POST is still refused
    await request(t.app).post("/api/users/me/digest/preview").type("form").send("x=1").expect(403);
  });

  it("sends nothing when nothing is new, and weekly only on Mondays in Honolulu", async () => {
    const hana = await person("Hana", { email_digest: "weekly", digest_hour: 9, time_zone: "Pacific/Honolulu" });
    const quiet = await person("Kai", { email_digest: "daily", digest_hour: 9, time_zone: "Pacific/Honolulu" });
    const kailua = await connect(t.ds, tomas, hana.user, { title: "Kailua" });
    await connect(t.ds, tomas, quiet.user, { title: "Nothing here" });
    await memory(kailua.id, "2026-03-13T20:00:00Z");
    t.clock.set(new Date("2026-03-15T19:00:00Z")); // Sunday 09:00 in Honolulu
    await tickBoth();
    expect(smtp.to(hana.email)).toHaveLength(0);
    t.clock.set(new Date("2026-03-16T19:00:00Z")); // Monday 09:00
    await tickBoth();
    expect(smtp.to(hana.email).map((m) => m.subject)).toEqual(["New in Keepsake this week"]);
    expect(smtp.to(hana.email)[0]!.text).toContain("Tomás added a memory to Kailua");
    expect(smtp.to(quiet.email)).toHaveLength(0);
  });

  it("sends a preview at once when asked, at most one a minute", async () => {
    const mere = await person("Mere", { email_digest: "off" });
    const rotorua = await connect(t.ds, tomas, mere.user, { title: "Rotorua" });
    await memory(rotorua.id, new Date(t.clock.now().getTime() - 3600_000).toISOString());
    await mere.agent.post("/api/users/me/digest/preview").set(ORIGIN).expect(202);
    await mere.agent.post("/api/users/me/digest/preview").set(ORIGIN).expect(429);
    const mails = smtp.to(mere.email);
    expect(mails.map((m) => m.subject)).toEqual(["Preview: New in Keepsake this week"]);
    expect(mails[0]!.text).toContain("Tomás added a memory to Rotorua");
  });
});
