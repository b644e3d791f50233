/**
 * A notice's derived fields answer from the rows its page read in the same request, which primed
 * the request's loaders (docs/decisions/038-one-request-cache.md): the text, the person and a
 * proposal's outcome cost no further statement, yet a renamed person shows the new name (docs/decisions/022-grouped-updates.md),
 * a timeline row the policy has not let through in this request is never used, and a notice reaches
 * no one but its recipient (docs/decisions/003-privacy-tiers.md).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { NotificationPresenter } from "../../src/modules/notifications/notification.presenter.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { User } from "../../src/entities/user.entity.js";
import { connect, createNotification, createTimeline, createUser } from "../factories/index.js";
import { gql, signInAs } from "../helpers/sign-in-as.js";
import { QueryCounter } from "../helpers/query-count.js";
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

function presenterFor(userId: string) {
  const viewer = t.services.access.viewer(userId);
  const present = new NotificationPresenter({
    viewer: () => viewer,
    loaders: t.services.loaders(viewer),
    media: t.services.media,
  });
  return { viewer, present };
}

/** The statements `fn` runs. */
async function statementsOf(fn: () => Promise<unknown>): Promise<number> {
  const counter = new QueryCounter(t.ds);
  try {
    return await counter.measure(fn);
  } finally {
    counter.restore();
  }
}

const firstPage = (viewer: ReturnType<typeof presenterFor>["viewer"]) =>
  t.services.notifications.page(viewer, { size: 50, after: null });

describe("a page's notices answer from the rows the page read", () => {
  it("give the text, the person and the proposal's outcome without a further statement", async () => {
    const { viewer, present } = presenterFor(ann.id);
    const page = await firstPage(viewer);
    const n = page.items.find((x) => x.id === added.id)!;
    const p = page.items.find((x) => x.id === proposal.id)!;
    const statements = await statementsOf(async () => {
      expect(await present.message(n)).toBe('Bob added a new memory to "Trips"');
      expect((await present.relatedUser(n))?.id).toBe(bob.id);
      expect(await present.message(p)).toBe('Bob invited you to share the timeline "Garden"');
      expect(await present.proposalStatus(p)).toBe(TimelineStatus.PENDING);
      expect(await present.proposalStatus(n)).toBeNull();
    });
    expect(statements).toBe(0);
  });

  it("show a renamed person's new name", async () => {
    await t.ds.getRepository(User).update(bob.id, { displayName: "Robert" });
    try {
      const { viewer, present } = presenterFor(ann.id);
      const n = (await firstPage(viewer)).items.find((x) => x.id === added.id)!;
      expect(await present.message(n)).toBe('Robert added a new memory to "Trips"');
      const res = await gql(await signInAs(t, ann), `{ notifications { edges { node { id message } } } }`);
      const shown = (res.data!.notifications.edges as { node: { id: string; message: string } }[]).map((e) => e.node);
      expect(shown.find((x) => x.id === added.id)?.message).toBe('Robert added a new memory to "Trips"');
    } finally {
      await t.ds.getRepository(User).update(bob.id, { displayName: "Bob" });
    }
  });

  it("never name a timeline's title to someone the policy turns away", async () => {
    // carl may not see the private timeline, even once its row has been read in the request
    const { viewer, present } = presenterFor(carl.id);
    await t.services.timelines.findVisible(viewer, trips.id);
    expect(await present.message(added)).toBe("stored text");
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
