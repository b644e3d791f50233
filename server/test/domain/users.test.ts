import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { TimelineStatus } from "../../src/entities/timeline.enums.js";
import { User } from "../../src/entities/user.entity.js";
import { USERNAME_TAKEN } from "../../src/modules/users/user.service.js";
import { connect, createMedia, createTimeline, createUser } from "../factories/index.js";
import { anonymous, errorCode, gql, signInAs, type Agent } from "../helpers/sign-in-as.js";
import { fixture } from "../helpers/fixtures.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id displayName username bio email profilePhotoUrl } } }`;

describe("profiles", () => {
  let t: TestApp;
  let me: User;
  let agent: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    me = await createUser(t.ds, { username: "janedoe", displayName: "Jane Doe", email: "jane@example.com" });
    agent = await signInAs(t, me);
  });
  afterAll(() => t.close());

  describe("updateProfile (docs/product.md §5 Profile)", () => {
    it("saves display name, bio and a lowercased username", async () => {
      const r = await gql(agent, UPDATE, { input: { displayName: "  Jane D.  ", bio: "Hello", username: "JaneD2" } });
      expect(r.errors).toBeUndefined();
      expect(r.data!.updateProfile.user).toMatchObject({
        displayName: "Jane D.",
        bio: "Hello",
        username: "janed2",
        email: "jane@example.com",
      });
    });

    it.each([
      [{ displayName: "" }, "Display name is required"],
      [{ displayName: "   " }, "Display name is required"],
      [{ displayName: "x".repeat(101) }, "Display name must be at most 100 characters"],
      [{ bio: "x".repeat(501) }, "Bio must be at most 500 characters"],
      [{ username: "ab" }, "Username must be 3–30 characters: lowercase letters and numbers only."],
      [{ username: "jane_doe" }, "Username must be 3–30 characters: lowercase letters and numbers only."],
      [{ username: "a".repeat(31) }, "Username must be 3–30 characters: lowercase letters and numbers only."],
    ])("refuses %j with a clear BAD_USER_INPUT", async (input, message) => {
      const r = await gql(agent, UPDATE, { input });
      expect(errorCode(r)).toBe("BAD_USER_INPUT");
      expect(r.errors![0]!.message).toBe(message);
    });

    it("accepts exactly 100 / 500 characters", async () => {
      const r = await gql(agent, UPDATE, { input: { displayName: "d".repeat(100), bio: "b".repeat(500) } });
      expect(r.errors).toBeUndefined();
    });

    it("a taken username is a CONFLICT with the spec's message; one's own is fine", async () => {
      await createUser(t.ds, { username: "takenname" });
      const r = await gql(agent, UPDATE, { input: { username: "TakenName" } });
      expect(errorCode(r)).toBe("CONFLICT");
      expect(r.errors![0]!.message).toBe(USERNAME_TAKEN);
      const own = await gql(agent, UPDATE, { input: { username: "janed2" } });
      expect(own.errors).toBeUndefined();
    });

    it("REST PUT /api/users/me answers 409 {error} for a taken username and 400 for bad input", async () => {
      await createUser(t.ds, { username: "othername" });
      const res = await agent.put("/api/users/me").send({ display_name: "Jane", username: "othername" }).expect(409);
      expect(res.body).toEqual({ error: USERNAME_TAKEN });
      const bad = await agent.put("/api/users/me").send({ display_name: "" }).expect(400);
      expect(bad.body).toEqual({ error: "Display name is required" });
      const ok = await agent.put("/api/users/me").send({ display_name: "Jane Doe", bio: "Hi" }).expect(200);
      expect(ok.body).toMatchObject({
        _id: me.id,
        id: me.id,
        display_name: "Jane Doe",
        bio: "Hi",
        email: "jane@example.com",
      });
    });

    it("a photo: an own uploaded image becomes the profile photo (signed thumb URL); the old one is removed", async () => {
      const first = await createMedia(t.ds, { ownerId: me.id });
      const res = await agent
        .put("/api/users/me")
        .send({ display_name: "Jane Doe", profile_photo: first.id })
        .expect(200);
      expect(res.body.profile_photo).toMatch(new RegExp(`^/media/${first.id}/thumb\\?exp=\\d+&sig=`));
      expect((await t.ds.getRepository(MediaFile).findOneBy({ id: first.id }))!.attached).toBe(true);
      // re-sending the same URL is not a change
      await agent
        .put("/api/users/me")
        .send({ display_name: "Jane Doe", profile_photo: res.body.profile_photo })
        .expect(200);
      const second = await createMedia(t.ds, { ownerId: me.id });
      await agent.put("/api/users/me").send({ display_name: "Jane Doe", profile_photo: second.id }).expect(200);
      expect(await t.ds.getRepository(MediaFile).findOneBy({ id: first.id })).toBeNull();
      const r = await gql(agent, UPDATE, { input: { removePhoto: true } });
      expect(r.data!.updateProfile.user.profilePhotoUrl).toBeNull();
      expect(await t.ds.getRepository(MediaFile).findOneBy({ id: second.id })).toBeNull();
    });

    it("refuses someone else's upload as a photo", async () => {
      const other = await createUser(t.ds);
      const theirs = await createMedia(t.ds, { ownerId: other.id });
      const res = await agent.put("/api/users/me").send({ display_name: "Jane", profile_photo: theirs.id }).expect(400);
      expect(res.body.error).toBe("Profile photo not found");
    });

    it("a photo through GraphQL multipart (real JPEG)", async () => {
      const res = await agent
        .post("/graphql")
        .set("Apollo-Require-Preflight", "true")
        .field("operations", JSON.stringify({ query: UPDATE, variables: { input: { photo: null } } }))
        .field("map", JSON.stringify({ 0: ["variables.input.photo"] }))
        .attach("0", fs.readFileSync(fixture("photo-plain.jpg")), "photo.jpg");
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.updateProfile.user.profilePhotoUrl).toMatch(/^\/media\/[0-9a-f-]{36}\/thumb\?/);
    });
  });

  describe("usernameAvailable / GET /api/users/check-username", () => {
    it("is lowercase-insensitive, counts one's own as available, and refuses invalid names", async () => {
      const taken = await createUser(t.ds, { username: "somebody" });
      const q = `query($u: String!) { usernameAvailable(username: $u) }`;
      expect((await gql(agent, q, { u: "SomeBody" })).data!.usernameAvailable).toBe(false);
      expect((await gql(agent, q, { u: "freename123" })).data!.usernameAvailable).toBe(true);
      const mine = (await t.ds.getRepository(User).findOneBy({ id: me.id }))!.username;
      expect((await gql(agent, q, { u: mine })).data!.usernameAvailable).toBe(true);
      expect((await gql(agent, q, { u: "ab" })).data!.usernameAvailable).toBe(false);
      expect((await agent.get(`/api/users/check-username/${taken.username}`).expect(200)).body).toEqual({
        available: false,
      });
      expect((await agent.get(`/api/users/check-username/brandnew`).expect(200)).body).toEqual({ available: true });
    });

    it("needs a session", async () => {
      await anonymous(t).get("/api/users/check-username/abc").expect(401, { error: "Authentication required" });
      expect(errorCode(await gql(anonymous(t), `{ usernameAvailable(username: "abc") }`))).toBe("UNAUTHENTICATED");
    });
  });

  describe("lookup and search", () => {
    it("user(identifier): by username, or by e-mail only for someone sharing a timeline (which shows that address)", async () => {
      const bob = await createUser(t.ds, { username: "bobby", email: "bob@example.com", displayName: "Bob" });
      const q = `query($i: String!) { user(identifier: $i) { id username email } }`;
      expect((await gql(agent, q, { i: "Bobby" })).data!.user).toEqual({ id: bob.id, username: "bobby", email: null });
      expect((await gql(agent, q, { i: "BOB@example.com" })).data!.user).toBeNull(); // shares no timeline yet
      await createTimeline(t.ds, { createdById: bob.id, collaboratorId: me.id, status: TimelineStatus.PENDING });
      expect((await gql(agent, q, { i: "BOB@example.com" })).data!.user).toEqual({
        id: bob.id,
        username: "bobby",
        email: "bob@example.com",
      });
      expect((await gql(agent, q, { i: "nobody@example.com" })).data!.user).toBeNull();
      expect((await gql(agent, q, { i: "no such name!" })).data!.user).toBeNull();
    });

    it("searchUsers: case-insensitive substring of username, display or full name; ≤ 10; never the caller; no e-mails", async () => {
      for (let i = 0; i < 12; i++) await createUser(t.ds, { username: `zebra${i}`, displayName: `Zed ${i}` });
      const carol = await createUser(t.ds, { username: "carol", displayName: "Carol", fullName: "Caroline Zebrowski" });
      await t.ds.getRepository(User).update({ id: me.id }, { displayName: "Zebra Jane" });
      const q = `query($q: String!) { searchUsers(query: $q) { id username email } }`;
      const r = await gql(agent, q, { q: "ZEBR" });
      expect(r.data!.searchUsers).toHaveLength(10);
      expect(r.data!.searchUsers.map((u: { id: string }) => u.id)).not.toContain(me.id);
      expect(r.data!.searchUsers.every((u: { email: string | null }) => u.email === null)).toBe(true);
      const byFull = await gql(agent, q, { q: "lINE zeb" });
      expect(byFull.data!.searchUsers.map((u: { id: string }) => u.id)).toEqual([carol.id]);
      expect((await gql(agent, q, { q: "%" })).data!.searchUsers).toEqual([]); // wildcards match literally
      expect((await gql(agent, q, { q: "   " })).data!.searchUsers).toEqual([]);
    });
  });

  describe("the e-mail rule (docs/decisions/003-privacy-tiers.md)", () => {
    it("self; people who share an accepted timeline; otherwise hidden (pending is not enough)", async () => {
      const friend = await createUser(t.ds);
      const invited = await createUser(t.ds);
      const stranger = await createUser(t.ds);
      await connect(t.ds, me, friend);
      await createTimeline(t.ds, { createdById: me.id, collaboratorId: invited.id, status: TimelineStatus.PENDING });
      const q = `query($i: String!) { user(identifier: $i) { email } }`;
      expect((await gql(agent, q, { i: friend.username })).data!.user.email).toBe(friend.email);
      expect((await gql(agent, q, { i: invited.username })).data!.user.email).toBeNull();
      expect((await gql(agent, q, { i: stranger.username })).data!.user.email).toBeNull();
      expect((await gql(agent, `{ me { email } }`)).data!.me.email).toBe("jane@example.com");
    });
  });

  describe("GET /api/users/filter (docs/product.md §7 query forms)", () => {
    it("email=x and email={$in:[…]} return those users who share a timeline, with their asked-for addresses", async () => {
      const a = await createUser(t.ds, { email: "alpha@example.com" });
      const b = await createUser(t.ds, { email: "beta@example.com" });
      await createUser(t.ds, { email: "gamma@example.com" }); // shares nothing: never found by address
      await createTimeline(t.ds, { createdById: me.id, collaboratorId: a.id, status: TimelineStatus.PENDING });
      await connect(t.ds, b, me);
      const one = await agent.get("/api/users/filter").query({ email: "Alpha@example.com" }).expect(200);
      expect(one.body).toEqual([
        expect.objectContaining({ _id: a.id, id: a.id, email: "alpha@example.com", username: a.username }),
      ]);
      const many = await agent
        .get("/api/users/filter")
        .query({
          email: JSON.stringify({
            $in: ["alpha@example.com", "beta@example.com", "gamma@example.com", "no@example.com"],
          }),
        })
        .expect(200);
      expect(many.body.map((u: { email: string }) => u.email).sort()).toEqual([
        "alpha@example.com",
        "beta@example.com",
      ]);
      expect(many.body.find((u: { id: string }) => u.id === b.id).display_name).toBe(b.displayName);
    });

    it("email={$ne: own} lists only people sharing a timeline, never the caller, addresses only under the rule", async () => {
      for (let i = 0; i < 55; i++) await createUser(t.ds);
      const res = await agent
        .get("/api/users/filter")
        .query({ email: JSON.stringify({ $ne: "jane@example.com" }) })
        .expect(200);
      const partners = new Set(
        (
          await t.ds.query(
            `SELECT collaborator_id AS id FROM timelines WHERE created_by_id = $1 UNION
             SELECT created_by_id FROM timelines WHERE collaborator_id = $1`,
            [me.id],
          )
        ).map((r: { id: string }) => r.id),
      );
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.length).toBeLessThanOrEqual(50);
      for (const u of res.body as { id: string }[]) expect(partners.has(u.id)).toBe(true);
      expect(res.body.some((u: { id: string }) => u.id === me.id)).toBe(false);
      const accepted = new Set(
        (
          await t.ds.query(
            `SELECT collaborator_id AS id FROM timelines WHERE created_by_id = $1 AND status = 'accepted' UNION
             SELECT created_by_id FROM timelines WHERE collaborator_id = $1 AND status = 'accepted'`,
            [me.id],
          )
        ).map((r: { id: string }) => r.id),
      );
      for (const u of res.body as { id: string; email: string | null }[])
        if (!accepted.has(u.id)) expect(u.email).toBeNull();
    });

    it("username=x", async () => {
      const res = await agent.get("/api/users/filter").query({ username: "bobby" }).expect(200);
      expect(res.body).toEqual([expect.objectContaining({ username: "bobby", email: null })]);
    });

    it("refuses an unknown or malformed filter with 400 and needs a session", async () => {
      await agent.get("/api/users/filter").expect(400);
      await agent.get("/api/users/filter").query({ email: "{not json" }).expect(400);
      await anonymous(t).get("/api/users/filter").query({ username: "bobby" }).expect(401);
    });
  });
});
