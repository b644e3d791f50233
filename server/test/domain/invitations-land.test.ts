import { describe, expect, it } from "vitest";
import { connect, createUser } from "../factories/index.js";
import type { MailCatcher } from "../helpers/mail-catcher.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import { gql, signInAs } from "../helpers/sign-in-as.js";
import type { TestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";

/**
 * Invitations that land (docs/decisions/037-each-voice-its-authors.md, "Invitations"): a proposal
 * made by e-mail address sends the invitation mail whether the address has an account or not, the
 * same mail, over real SMTP; the collaborator search offers no result for an exact address, so
 * nothing on the screen or in the inbox tells whether the address has an account.
 */
const CREATE = `mutation($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id collaborator { id } } } }`;
const SEARCH = `query($q: String!) { searchUsers(query: $q) { id } }`;

describe("invitations that land", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)));

  /** The mail as its reader sees it, with the address itself taken out. */
  const shape = (text: string, address: string) => text.replaceAll(address, "<address>");

  it("an address with an account and one without get the same invitation mail", async () => {
    const ann = await createUser(t.ds, { displayName: "Ann", email: "ann@example.com" });
    await createUser(t.ds, { displayName: "Cleo", email: "cleo@example.com" });
    const annA = await signInAs(t, ann);
    for (const to of ["cleo@example.com", "nobody-yet@example.com"]) {
      const r = await gql(annA, CREATE, { input: { title: "Trips", collaboratorEmail: to, privacy: "PRIVATE" } });
      expect(r.errors).toBeUndefined();
      // a stranger's account stays sealed: the creator learns nothing from the answer either
      expect(r.data!.createTimeline.timeline.collaborator).toBeNull();
    }
    const registered = await until("the mail to the account", () => smtp.to("cleo@example.com")[0]);
    const unknown = await until("the mail to the new address", () => smtp.to("nobody-yet@example.com")[0]);
    expect(registered.subject).toBe("You are invited to share a timeline on Keepsake");
    expect(registered.subject).toBe(unknown.subject);
    expect(shape(registered.text, "cleo@example.com")).toBe(shape(unknown.text, "nobody-yet@example.com"));
    expect(registered.text).toContain('The timeline: "Trips"');
  });

  it("someone already shared with, invited by address, gets the mail too (and the proposal in Updates)", async () => {
    const dora = await createUser(t.ds, { displayName: "Dora", email: "dora@example.com" });
    const eli = await createUser(t.ds, { displayName: "Eli", email: "eli@example.com" });
    await connect(t.ds, dora, eli);
    const r = await gql(await signInAs(t, dora), CREATE, {
      input: { title: "Again", collaboratorEmail: "ELI@example.com", privacy: "PRIVATE" },
    });
    expect(r.data!.createTimeline.timeline.collaborator).toEqual({ id: eli.id });
    const mail = await until("the mail", () => smtp.to("eli@example.com")[0]);
    expect(mail.text).toContain('The timeline: "Again"');
  });

  it("a proposal chosen from the search (by id) is not mailed: the person chose no address", async () => {
    const fay = await createUser(t.ds, { displayName: "Fay", email: "fay@example.com" });
    const gus = await createUser(t.ds, { displayName: "Gus", email: "gus@example.com" });
    const r = await gql(await signInAs(t, fay), CREATE, {
      input: { title: "By id", collaboratorId: gus.id, privacy: "PRIVATE" },
    });
    expect(r.errors).toBeUndefined();
    // a later mail proves the queue ran past this proposal
    await gql(await signInAs(t, fay), CREATE, {
      input: { title: "Marker", collaboratorEmail: "marker@example.com", privacy: "PRIVATE" },
    });
    await until("the marker mail", () => smtp.to("marker@example.com")[0]);
    expect(smtp.to("gus@example.com")).toEqual([]);
  });

  it("the search offers no person for an exact address, registered or not", async () => {
    const hal = await createUser(t.ds, { displayName: "Hal", email: "hal@example.com" });
    await createUser(t.ds, { displayName: "Ida", email: "ida@example.com", username: "idaonly" });
    const halA = await signInAs(t, hal);
    for (const q of ["ida@example.com", "nobody@example.com"]) {
      const r = await gql(halA, SEARCH, { q });
      expect(r.data!.searchUsers).toEqual([]);
    }
  });
});
