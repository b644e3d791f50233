import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TIER_REACH } from "../../src/modules/access/access.service.js";
import type { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import type { User } from "../../src/entities/user.entity.js";
import { connect, createTimeline, createUser } from "../factories/index.js";
import { QueryCounter } from "../helpers/query-count.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";

/**
 * The access policy on crafted graphs (docs/decisions/003-privacy-tiers.md). Viewer v; a chain v–c1–c2–…–c8 of accepted,
 * active (private) timelines; for each length L a subject timeline between c_L and a newcomer, in
 * every tier. Plus cycles, dead edges (pending / rejected / inactive) and a disconnected island.
 */
describe("AccessService on crafted graphs", () => {
  let t: TestApp;
  let v: User;
  const chain: User[] = [];
  const subjects = new Map<string, Timeline>(); // `${L}:${privacy}` → timeline
  const key = (len: number, p: Privacy) => `${len}:${p}`;

  beforeAll(async () => {
    t = await createTestApp();
    v = await createUser(t.ds, { displayName: "Viewer" });
    chain.push(v);
    for (let i = 1; i <= 8; i++) {
      const c = await createUser(t.ds);
      await connect(t.ds, chain[i - 1]!, c);
      chain.push(c);
    }
    for (let len = 1; len <= 7; len++) {
      for (const privacy of Object.values(Privacy)) {
        const newcomer = await createUser(t.ds);
        subjects.set(key(len, privacy), await connect(t.ds, chain[len]!, newcomer, { privacy }));
      }
    }
  });
  afterAll(() => t.close());

  const cases = [1, 2, 3, 4, 5, 6, 7].flatMap((len) => Object.values(Privacy).map((privacy) => ({ len, privacy })));
  it.each(cases)("a $privacy timeline whose nearest participant is $len degrees away", async ({ len, privacy }) => {
    const subject = subjects.get(key(len, privacy))!;
    const expected = privacy !== Privacy.PRIVATE && len <= TIER_REACH[privacy];
    expect(await t.services.access.canViewTimeline(v.id, subject.id)).toBe(expected);
  });

  it.each([1, 2, 3, 4, 5, 6, 7])("degree() along a chain of length %i", async (len) => {
    expect(await t.services.access.degree(v.id, chain[len]!.id, 6)).toBe(len <= 6 ? len : null);
    expect(await t.services.access.degree(chain[len]!.id, v.id, 6)).toBe(len <= 6 ? len : null);
  });

  it("nobody signed out sees anything; participants always see their own timelines in every state", async () => {
    const a = await createUser(t.ds);
    const b = await createUser(t.ds);
    for (const status of Object.values(TimelineStatus)) {
      for (const privacy of Object.values(Privacy)) {
        for (const isActive of [true, false]) {
          const tl = await createTimeline(t.ds, { createdById: a.id, collaboratorId: b.id, status, privacy, isActive });
          expect(await t.services.access.canViewTimeline(null, tl.id)).toBe(false);
          expect(await t.services.access.canViewTimeline(a.id, tl.id)).toBe(true);
          expect(await t.services.access.canViewTimeline(b.id, tl.id)).toBe(true);
        }
      }
    }
  });

  it("pending, rejected and inactive timelines are visible to participants only — and are not edges", async () => {
    const x = await createUser(t.ds);
    const y = await createUser(t.ds);
    // v's neighbour c1 is one hop away; these three dead links would make x 2 hops away
    await createTimeline(t.ds, { createdById: chain[1]!.id, collaboratorId: x.id, status: TimelineStatus.PENDING });
    await createTimeline(t.ds, { createdById: chain[1]!.id, collaboratorId: x.id, status: TimelineStatus.REJECTED });
    await createTimeline(t.ds, { createdById: chain[1]!.id, collaboratorId: x.id, isActive: false });
    const xs = await connect(t.ds, x, y, { privacy: Privacy.SEMI_PRIVATE });
    expect(await t.services.access.degree(v.id, x.id, 6)).toBeNull();
    expect(await t.services.access.canViewTimeline(v.id, xs.id)).toBe(false);

    for (const status of [TimelineStatus.PENDING, TimelineStatus.REJECTED]) {
      const near = await createTimeline(t.ds, {
        createdById: chain[1]!.id,
        collaboratorId: y.id,
        status,
        privacy: Privacy.PUBLIC,
      });
      expect(await t.services.access.canViewTimeline(v.id, near.id)).toBe(false);
    }
    const inactive = await createTimeline(t.ds, {
      createdById: chain[1]!.id,
      collaboratorId: y.id,
      isActive: false,
      privacy: Privacy.PUBLIC,
    });
    expect(await t.services.access.canViewTimeline(v.id, inactive.id)).toBe(false);
  });

  it("an invitation to an address without an account is nobody's edge", async () => {
    const tl = await createTimeline(t.ds, { createdById: chain[1]!.id, collaboratorId: null, privacy: Privacy.PUBLIC });
    // accepted cannot happen without an account; even if it did, only the creator side would count
    expect(await t.services.access.canViewTimeline(v.id, tl.id)).toBe(true);
    const pending = await createTimeline(t.ds, {
      createdById: chain[1]!.id,
      collaboratorId: null,
      status: TimelineStatus.PENDING,
      privacy: Privacy.PUBLIC,
    });
    expect(await t.services.access.canViewTimeline(v.id, pending.id)).toBe(false);
  });

  it("cycles: the shorter way round counts", async () => {
    const ring: User[] = [];
    for (let i = 0; i < 8; i++) ring.push(await createUser(t.ds));
    for (let i = 0; i < 8; i++) await connect(t.ds, ring[i]!, ring[(i + 1) % 8]!);
    expect(await t.services.access.degree(ring[0]!.id, ring[5]!.id, 6)).toBe(3);
    expect(await t.services.access.degree(ring[0]!.id, ring[4]!.id, 6)).toBe(4);
    const outsider = await createUser(t.ds);
    const semi = await connect(t.ds, ring[2]!, outsider, { privacy: Privacy.SEMI_PRIVATE });
    expect(await t.services.access.canViewTimeline(ring[0]!.id, semi.id)).toBe(true); // 2 hops
    expect(await t.services.access.canViewTimeline(ring[5]!.id, semi.id)).toBe(false); // 3 hops either way
  });

  it("a disconnected island sees nothing of the mainland, even public", async () => {
    const i1 = await createUser(t.ds);
    const i2 = await createUser(t.ds);
    await connect(t.ds, i1, i2);
    const pub = subjects.get(key(1, Privacy.PUBLIC))!;
    expect(await t.services.access.canViewTimeline(i1.id, pub.id)).toBe(false);
    expect(await t.services.access.degree(i1.id, v.id, 6)).toBeNull();
  });

  it("answers a batch with one bounded search: statements do not grow with the number of timelines", async () => {
    const counter = new QueryCounter(t.ds);
    try {
      const few = [...subjects.values()].slice(0, 3).map((s) => s.id);
      const all = [...subjects.values()].map((s) => s.id);
      const nFew = await counter.measure(() => t.services.access.visibleTimelineIds(v.id, few));
      const nAll = await counter.measure(() => t.services.access.visibleTimelineIds(v.id, all));
      // one statement for the rows + at most 6 BFS levels
      expect(nAll).toBeLessThanOrEqual(7);
      expect(nFew).toBeLessThanOrEqual(7);
      const visible = await t.services.access.visibleTimelineIds(v.id, all);
      const expected = [...subjects.entries()]
        .filter(([k]) => {
          const [len, privacy] = k.split(":") as [string, Privacy];
          return privacy !== Privacy.PRIVATE && Number(len) <= TIER_REACH[privacy];
        })
        .map(([, s]) => s.id);
      expect([...visible].sort()).toEqual(expected.sort());
    } finally {
      counter.restore();
    }
  });

  it("a per-request Viewer searches once and answers later questions from its cache", async () => {
    const counter = new QueryCounter(t.ds);
    try {
      const viewer = t.services.access.viewer(v.id);
      const ids = [...subjects.values()].map((s) => s.id);
      await viewer.visibleTimelineIds(ids);
      const again = await counter.measure(() => viewer.visibleTimelineIds(ids));
      expect(again).toBe(0);
    } finally {
      counter.restore();
    }
  });

  it("malformed ids are simply not visible (no SQL error)", async () => {
    expect(await t.services.access.canViewTimeline(v.id, "not-a-uuid")).toBe(false);
    expect(await t.services.access.visibleTimelineIds(v.id, ["x", "00000000-0000-0000-0000-000000000000"])).toEqual(
      new Set(),
    );
  });
});
