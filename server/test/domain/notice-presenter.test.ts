/**
 * A notice's derived fields answer from the rows its page read in the same request
 * (docs/decisions/028-fast-graphql-path.md): the text, the person and a proposal's outcome come
 * without a loader round, yet a renamed person shows the new name (docs/decisions/022-grouped-updates.md),
 * a timeline row the policy has not let through in this request is never used, and a notice reaches
 * no one but its recipient (docs/decisions/003-privacy-tiers.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Loaders } from "../../src/web/loaders.js";
import type { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { NotificationPresenter } from "../../src/modules/notifications/notification.presenter.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { User } from "../../src/entities/user.entity.js";
import { connect, createNotification, createTimeline, createUser } from "../factories/index.js";
import { gql, signInAs } from "../helpers/sign-in-as.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

let t: TestApp;
let ann: User;
let bob: User;
let carl: User;
let trips: Timeline;
let added: Notification;
let proposal: Notification;

beforeAll(async () => {
  t = await createTestApp();
  ann = await createUser(t.ds, { displayName: "Ann" });
  bob = await createUser(t.ds, { displayName: "Bob" });
  carl = await createUser(t.ds, { displayName: "Carl" });
  trips = await connect(t.ds, bob, ann, { title: "Trips", privacy: Privacy.PRIVATE });
  const invitation = await createTimeline(t.ds, {
    title: "Garden",
    createdById: bob.id,
    collaboratorId: ann.id,
    status: TimelineStatus.PENDING,
  });
  added = await createNotification(t.ds, {
    recipientId: ann.id,
    type: NotificationType.MEMORY_ADDED,
    message: "stored text",
    relatedUserId: bob.id,
    relatedTimelineId: trips.id,
  });
  proposal = await createNotification(t.ds, {
    recipientId: ann.id,
    type: NotificationType.TIMELINE_PROPOSAL,
    message: "stored proposal",
    relatedUserId: bob.id,
    relatedTimelineId: invitation.id,
  });
});
afterAll(() => t.close());

/** A presenter whose loaders fail the test when asked: what it answers, it answers from known rows. */
function presenterFor(userId: string, { loaders = false } = {}) {
  const viewer = t.services.access.viewer(userId);
  const real = t.services.loaders(() => viewer);
  const present = new NotificationPresenter({
    viewer: () => viewer,
    get loaders(): Loaders {
      if (!loaders) throw new Error("the loaders were asked");
      return real;
    },
    media: t.services.media,
  });
  return { viewer, present };
}

const firstPage = (viewer: ReturnType<typeof presenterFor>["viewer"]) =>
  t.services.notifications.page(viewer, { size: 50, after: null });

describe("a page's notices answer from the rows the page read", () => {
  it("give the text, the person and the proposal's outcome at once, without the loaders", async () => {
    const { viewer, present } = presenterFor(ann.id);
    const page = await firstPage(viewer);
    const n = page.items.find((x) => x.id === added.id)!;
    const p = page.items.find((x) => x.id === proposal.id)!;
    expect(present.message(n)).toBe('Bob added a new memory to "Trips"');
    expect((present.relatedUser(n) as User).id).toBe(bob.id);
    expect(present.message(p)).toBe('Bob invited you to share the timeline "Garden"');
    expect(present.proposalStatus(p)).toBe(TimelineStatus.PENDING);
    expect(present.proposalStatus(n)).toBeNull();
  });

  it("show a renamed person's new name", async () => {
    await t.ds.getRepository(User).update(bob.id, { displayName: "Robert" });
    try {
      const { viewer, present } = presenterFor(ann.id);
      const n = (await firstPage(viewer)).items.find((x) => x.id === added.id)!;
      expect(present.message(n)).toBe('Robert added a new memory to "Trips"');
      const res = await gql(await signInAs(t, ann), `{ notifications { edges { node { id message } } } }`);
      const shown = (res.data!.notifications.edges as { node: { id: string; message: string } }[]).map((e) => e.node);
      expect(shown.find((x) => x.id === added.id)?.message).toBe('Robert added a new memory to "Trips"');
    } finally {
      await t.ds.getRepository(User).update(bob.id, { displayName: "Bob" });
    }
  });

  it("ask the loaders, which check the policy, for a timeline row not let through in this request", async () => {
    // carl may not see the private timeline: a known row of it must not name its title to him
    const { viewer, present } = presenterFor(carl.id, { loaders: true });
    viewer.known.addTimelines([trips]);
    viewer.known.addUsers([bob]);
    const text = present.message(added);
    expect(text).toBeInstanceOf(Promise);
    expect(await text).toBe("stored text");
    expect(await present.proposalStatus(proposal)).toBeNull();
  });
});

describe("a notice reaches its recipient only", () => {
  it("is in the recipient's list and in nobody else's, with the same text everywhere it is shown", async () => {
    const ids = async (user: User) => {
      const res = await gql(await signInAs(t, user), `{ notifications { edges { node { id message } } } }`);
      return (res.data!.notifications.edges as { node: { id: string } }[]).map((e) => e.node.id);
    };
    expect(await ids(ann)).toEqual(expect.arrayContaining([added.id, proposal.id]));
    expect(await ids(bob)).not.toContain(added.id);
    expect(await ids(carl)).toEqual([]);
    for (const other of [bob, carl]) {
      const { viewer } = presenterFor(other.id);
      expect((await firstPage(viewer)).items.map((n) => n.id)).not.toContain(added.id);
    }
  });
});
