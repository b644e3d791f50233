import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateUser } from "../../src/modules/auth/account.js";
import {
  displayNameFrom,
  maskEmail,
  normalizeEmail,
  usernameBase,
  usernameCandidate,
} from "../../src/lib/email-address.js";
import { codeHash, newLinkToken, sha256Hex } from "../../src/modules/auth/sign-in-secrets.js";
import { SignInToken } from "../../src/entities/sign-in-token.entity.js";
import { Notification } from "../../src/entities/notification.entity.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { User } from "../../src/entities/user.entity.js";
import { SAME_ORIGIN, signIn } from "../helpers/sign-in.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

describe("addresses, usernames and display names", () => {
  it("normalises one address and masks it", () => {
    expect(normalizeEmail("  Jane.Doe+Tag@Example.COM ")).toBe("jane.doe+tag@example.com");
    expect(normalizeEmail("o'neil@example.ie")).toBe("o'neil@example.ie");
    expect(normalizeEmail(".lead@example.com")).toBeNull();
    expect(normalizeEmail("a..b@example.com")).toBeNull();
    expect(normalizeEmail("a@-bad.example.com")).toBeNull();
    expect(normalizeEmail(`${"a".repeat(65)}@example.com`)).toBeNull();
    expect(maskEmail("jane@example.com")).toBe("j•••@example.com");
  });

  it("derives usernames that satisfy ^[a-z0-9]{3,30}$", () => {
    expect(usernameBase("jane.doe+news@example.com")).toBe("janedoe");
    expect(usernameBase("__@example.com")).toBe("user");
    expect(usernameCandidate("janedoe", 1)).toBe("janedoe");
    expect(usernameCandidate("janedoe", 2)).toBe("janedoe2");
    expect(usernameCandidate("jo", 1)).toBe("jo1");
    expect(usernameCandidate("a", 1)).toBe("a01");
    const long = usernameBase(`${"x".repeat(40)}@example.com`);
    expect(long).toHaveLength(30);
    expect(usernameCandidate(long, 12)).toBe(`${"x".repeat(28)}12`);
    for (const [b, n] of [
      ["a", 1],
      ["ab", 7],
      ["abc", 2],
      [long, 123],
    ] as const) {
      expect(usernameCandidate(b, n)).toMatch(/^[a-z0-9]{3,30}$/);
    }
  });

  it("makes a display name from the local part", () => {
    expect(displayNameFrom("jane.doe+news@example.com")).toBe("Jane Doe");
    expect(displayNameFrom("sam_o-brien@example.com")).toBe("Sam O Brien");
    expect(displayNameFrom("j@example.com")).toBe("J");
  });
});

describe("accounts on first sign-in", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const users = () => t.ds.getRepository(User);

  it("suffixes digits when the username is taken", async () => {
    await users().insert([
      { email: "jane@one.example", username: "jane", displayName: "Jane" },
      { email: "jane@two.example", username: "jane2", displayName: "Jane" },
    ]);
    await signIn(t, "jane@three.example");
    expect((await users().findOneByOrFail({ email: "jane@three.example" })).username).toBe("jane3");
  });

  it("two simultaneous first sign-ins of one address make one account", async () => {
    const email = "simultaneous@example.com";
    // two open requests for the address (as two server processes racing could leave)
    const tokens = [newLinkToken(), newLinkToken()];
    await t.ds.getRepository(SignInToken).insert(
      tokens.map((tok) => ({
        email,
        tokenHash: sha256Hex(tok),
        codeHash: codeHash("unused", "AAAAAA"),
        expiresAt: new Date(t.clock.now().getTime() + 10 * 60_000),
      })),
    );
    const [a, b] = await Promise.all(
      tokens.map((token) => request.agent(t.app).post("/api/auth/verify/confirm").set(SAME_ORIGIN).send({ token })),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body.user.id).toBe(b!.body.user.id);
    expect(await users().countBy({ email })).toBe(1);
  });

  it("findOrCreateUser is race-safe under 10 concurrent transactions", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.ds.transaction((m) => findOrCreateUser(m, "tenfold@example.com"))),
    );
    expect(new Set(results.map((r) => r.user.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await users().countBy({ email: "tenfold@example.com" })).toBe(1);
  });

  it("gives different people with the same local part different usernames, concurrently", async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `twin@domain${i}.example`);
    const made = await Promise.all(emails.map((e) => t.ds.transaction((m) => findOrCreateUser(m, e))));
    expect(new Set(made.map((r) => r.user.username)).size).toBe(6);
    for (const r of made) expect(r.user.username).toMatch(/^twin\d*$/);
  });

  it("attaches timelines proposed to the address before the account existed, with a proposal notification", async () => {
    const creator = await users().save(
      users().create({ email: "creator@example.com", username: "creator", displayName: "Cora" }),
    );
    const timelines = t.ds.getRepository(Timeline);
    const pending = await timelines.save(
      timelines.create({ title: "Summer 2024", createdById: creator.id, collaboratorEmail: "invitee@example.com" }),
    );
    const other = await timelines.save(
      timelines.create({ title: "Not yours", createdById: creator.id, collaboratorEmail: "someone@example.com" }),
    );

    await signIn(t, "invitee@example.com");
    const invitee = await users().findOneByOrFail({ email: "invitee@example.com" });
    expect((await timelines.findOneByOrFail({ id: pending.id })).collaboratorId).toBe(invitee.id);
    expect((await timelines.findOneByOrFail({ id: other.id })).collaboratorId).toBeNull();

    const notes = await t.ds.getRepository(Notification).findBy({ recipientId: invitee.id });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: "timeline_proposal",
      relatedUserId: creator.id,
      relatedTimelineId: pending.id,
      actionUrl: "/app/updates",
      isRead: false,
    });
    expect(notes[0]!.message).toContain("Cora");
    expect(notes[0]!.message).toContain("Summer 2024");

    // signing in again creates nothing new
    await signIn(t, "invitee@example.com");
    expect(await t.ds.getRepository(Notification).countBy({ recipientId: invitee.id })).toBe(1);
  });
});
