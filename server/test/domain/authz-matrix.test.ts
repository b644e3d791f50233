import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaFile } from "../../src/entities/media-file.entity.js";
import { Memory } from "../../src/entities/memory.entity.js";
import { Notification } from "../../src/entities/notification.entity.js";
import { NotificationType } from "../../src/entities/notification.enums.js";
import { Timeline } from "../../src/entities/timeline.entity.js";
import { Privacy, TimelineStatus } from "../../src/entities/timeline.enums.js";
import { User } from "../../src/entities/user.entity.js";
import {
  connect,
  createMedia,
  createMemory,
  createNotification,
  createTimeline,
  createUser,
} from "../factories/index.js";
import { anonymous, errorCode, gql, signInAs, type Agent, type Json } from "../helpers/sign-in-as.js";
import { fixture } from "../helpers/fixtures.js";
import { createTestApp, type TestApp } from "../helpers/test-app.js";
import { getSchema } from "../../src/web/schema.js";
import { registeredRoutes } from "../helpers/registered-routes.js";
import { getNamedType, isObjectType, type GraphQLObjectType } from "graphql";
import { In } from "typeorm";
import yauzl from "yauzl";

/**
 * The authorization matrix: every query, mutation, relation field, REST path
 * and media URL of the domain × who asks × the timeline's tier × its state, one assertion per
 * cell, built from the table below. Its entries are checked against what the app registers (the
 * Express router stack, the whole GraphQL schema), so a new route or field fails until it has
 * its cells ("the matrix itself" at the end). Each (tier, state) pair has its own world so the cells cannot influence each other:
 *
 *   U3 — U2 — U1 — A ══ B      (— accepted, active, private links; ══ the subject timeline)
 *   S — S2                     (a stranger with friends of their own, no path to anyone above)
 *
 * The subject has one memory whose media is a real upload (served by /media). Reads use the
 * subject; every write cell works on a fresh copy of it (same tier, state and pair) and checks the
 * database afterwards, so a refused write is proven to have changed nothing.
 */

const ROLES = ["anonymous", "stranger", "degree3", "degree2", "degree1", "collaborator", "creator"] as const;
type Role = (typeof ROLES)[number];
const STATES = [TimelineStatus.PENDING, TimelineStatus.ACCEPTED] as const;
type State = (typeof STATES)[number];
const TIERS = [Privacy.PRIVATE, Privacy.SEMI_PRIVATE, Privacy.PUBLIC] as const;

interface Cell {
  role: Role;
  privacy: Privacy;
  status: State;
}
const CELLS: Cell[] = TIERS.flatMap((privacy) =>
  STATES.flatMap((status) => ROLES.map((role) => ({ role, privacy, status }))),
);

const DEGREE: Partial<Record<Role, number>> = { degree1: 1, degree2: 2, degree3: 3 };
const REACH: Record<Privacy, number> = { [Privacy.PRIVATE]: 0, [Privacy.SEMI_PRIVATE]: 2, [Privacy.PUBLIC]: 6 };

// ---- the rules, stated independently of the implementation (docs/decisions/003-privacy-tiers.md) -------------------------
const isParticipant = (c: Cell) => c.role === "creator" || c.role === "collaborator";
/** Within reach of the tier, ignoring the state. */
const withinReach = (c: Cell) => isParticipant(c) || (DEGREE[c.role] ?? Infinity) <= REACH[c.privacy];
/** May see the timeline, its memories and media. */
const canSee = (c: Cell) =>
  c.role !== "anonymous" && (isParticipant(c) || (c.status === TimelineStatus.ACCEPTED && withinReach(c)));
/** A refused write: 401 signed out; 403 when the timeline is visible; 404 when not (no oracle). */
const gqlDenial = (c: Cell) => (c.role === "anonymous" ? "UNAUTHENTICATED" : canSee(c) ? "FORBIDDEN" : "NOT_FOUND");
const restDenial = (c: Cell) => (c.role === "anonymous" ? 401 : canSee(c) ? 403 : 404);
/**
 * The partner note (docs/decisions/027-two-voices.md): the participant who did not create the
 * memory only (the subject's memory is the creator's, so the collaborator); the memory's creator
 * is refused like an onlooker.
 */
const isPartner = (c: Cell) => c.role === "collaborator";
const partnerGqlDenial = (c: Cell) => (c.role === "creator" ? "FORBIDDEN" : gqlDenial(c));
/**
 * The creator's own words (docs/decisions/037-each-voice-its-authors.md): the memory's creator
 * only; the other participant, who may change its caption, is refused their words.
 */
const meaningGql = (c: Cell) =>
  c.role === "creator"
    ? { code: "OK", effect: true }
    : { code: c.role === "collaborator" ? "FORBIDDEN" : gqlDenial(c), effect: false };
const meaningRest = (c: Cell) =>
  c.role === "creator"
    ? { status: 200, effect: true }
    : { status: c.role === "collaborator" ? 403 : restDenial(c), effect: false };
const partnerRestDenial = (c: Cell) => (c.role === "creator" ? 403 : restDenial(c));
/** Accept / reject: the invitee of a pending proposal only. */
const canRespond = (c: Cell) => c.role === "collaborator" && c.status === TimelineStatus.PENDING;
const respondGql = (c: Cell) =>
  canRespond(c) ? "OK" : c.role === "collaborator" ? "CONFLICT" : c.role === "creator" ? "FORBIDDEN" : gqlDenial(c);
const respondRest = (c: Cell) =>
  canRespond(c) ? 200 : c.role === "collaborator" ? 409 : c.role === "creator" ? 403 : restDenial(c);
/** The collaborator's e-mail: to themself, or to someone sharing an accepted timeline with them. */
const seesCollaboratorEmail = (c: Cell) =>
  c.role === "collaborator" || (c.role === "creator" && c.status === TimelineStatus.ACCEPTED);

// ---- the worlds ------------------------------------------------------------------------------
interface World {
  users: Record<Exclude<Role, "anonymous" | "stranger">, User>;
  subject: Timeline;
  memory: Memory;
  mediaId: string;
  /** the subject memory's second photo, not its cover (docs/decisions/051-several-photos-per-memory.md) */
  secondId: string;
  /** a second memory: a phone's HEVC video, transcoded, with its server-made poster */
  videoMemory: Memory;
  videoId: string;
  /** the creator's profile photo (a real upload) */
  photoId: string;
  /** a notification to the collaborator about the subject */
  notificationId: string;
  /** a memory of each own tier, its media a real upload (docs/decisions/052-memory-privacy.md) */
  tierMemories: Record<Privacy, { memory: Memory; mediaId: string }>;
}

let t: TestApp;
const worlds = new Map<string, World>();
let stranger: User;
const agents = new Map<string, Agent>();
const worldOf = (c: Cell) => worlds.get(`${c.privacy}:${c.status}`)!;
const viewerOf = (c: Cell): User | null =>
  c.role === "anonymous" ? null : c.role === "stranger" ? stranger : worldOf(c).users[c.role];
async function agentOf(c: Cell): Promise<Agent> {
  const user = viewerOf(c);
  if (!user) return anonymous(t);
  let agent = agents.get(user.id);
  if (!agent) {
    agent = await signInAs(t, user);
    agents.set(user.id, agent);
  }
  return agent;
}

/** A fresh copy of the cell's subject (same pair, tier, state) with one memory, for a write. */
async function freshSubject(c: Cell): Promise<{ timeline: Timeline; memory: Memory }> {
  const w = worldOf(c);
  const timeline = await createTimeline(t.ds, {
    createdById: w.users.creator.id,
    collaboratorId: w.users.collaborator.id,
    privacy: c.privacy,
    status: c.status,
    title: "Copy",
  });
  const memory = await createMemory(t.ds, {
    timelineId: timeline.id,
    createdById: w.users.creator.id,
    caption: "Original",
  });
  return { timeline, memory };
}

const exists = async (entity: typeof Timeline | typeof Memory, id: string) =>
  (await t.ds.getRepository(entity).countBy({ id })) > 0;
/** The nodes of a connection (docs/decisions/024-paged-reads.md). */
const nodes = (c: Json): Json[] => (c?.edges ?? []).map((e: Json) => e.node);
const ids = (c: Json) => (Array.isArray(c) ? c : nodes(c)).map((x: Json) => x.id as string);

/** Privacy as the GraphQL enum spells it. */
const gqlTier = (p: Privacy) => p.toUpperCase().replace("-", "_");
/**
 * The audience of the subject for a participant (docs/decisions/025-audience-preview.md): the chain
 * creator — degree1 — degree2 — degree3 within the tier's reach (a pending subject counts as once
 * accepted); only the creator shares a timeline with anyone in it (degree1).
 */
const audienceOf = (c: Cell) => {
  const w = worldOf(c);
  const chain = (["degree1", "degree2", "degree3"] as const).filter((r) => DEGREE[r]! <= REACH[c.privacy]).length;
  // an accepted world a tier can widen from also carries the pairs of the consent cases below,
  // each hung off its degree1: their creator 2 steps from the subject's creator, their collaborator 3
  const consentPairs = c.status === TimelineStatus.ACCEPTED && WIDER[c.privacy] ? PHASES.length : 0;
  const count = chain + consentPairs * [2, 3].filter((d) => d <= REACH[c.privacy]).length;
  return { count, known: c.role === "creator" && count > 0 ? [w.users.degree1.id] : [] };
};
/** People who share an accepted, active timeline with the user. */
async function partnersOf(userId: string): Promise<Set<string>> {
  const rows: { id: string }[] = await t.ds.query(
    `SELECT CASE WHEN created_by_id = $1 THEN collaborator_id ELSE created_by_id END AS id FROM timelines
     WHERE status = 'accepted' AND is_active AND collaborator_id IS NOT NULL AND (created_by_id = $1 OR collaborator_id = $1)`,
    [userId],
  );
  return new Set(rows.map((r) => r.id));
}

// ---- the table of operations -------------------------------------------------------------------
interface Op {
  name: string;
  expected(c: Cell): unknown;
  observe(c: Cell, agent: Agent): Promise<unknown>;
}

const gqlRead = (
  name: string,
  query: string,
  vars: (w: World) => Record<string, unknown>,
  seen: (data: Json, w: World) => boolean,
  visible: (c: Cell) => boolean,
): Op => ({
  name,
  expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : visible(c) ? "seen" : "not seen"),
  async observe(c, agent) {
    const w = worldOf(c);
    const r = await gql(agent, query, vars(w));
    return errorCode(r) ?? (seen(r.data, w) ? "seen" : "not seen");
  },
});

const restRead = (
  name: string,
  path: (w: World) => string,
  seen: (body: Json, w: World) => boolean,
  visible: (c: Cell) => boolean,
): Op => ({
  name,
  expected: (c) => (c.role === "anonymous" ? 401 : visible(c) ? "seen" : "not seen"),
  async observe(c, agent) {
    const w = worldOf(c);
    const res = await agent.get(path(w));
    if (res.status === 401) return 401;
    return res.status === 200 && seen(res.body, w) ? "seen" : "not seen";
  },
});

/** A finished resumable upload of the cell's world's creator (one per world), by its Location. */
const creatorsUploads = new Map<string, Promise<string>>();
function creatorsUpload(c: Cell): Promise<string> {
  const key = `${c.privacy}:${c.status}`;
  let upload = creatorsUploads.get(key);
  if (!upload) {
    upload = (async () => {
      const agent = await signInAs(t, worldOf(c).users.creator);
      const photo = fs.readFileSync(fixture("photo-plain.jpg"));
      const tus = { "Tus-Resumable": "1.0.0" };
      const created = await agent.post("/api/uploads").set(tus).set("Upload-Length", String(photo.length));
      const location = created.headers.location as string;
      await agent
        .patch(location)
        .set(tus)
        .set("Upload-Offset", "0")
        .set("Content-Type", "application/offset+octet-stream")
        .send(photo)
        .expect(204);
      await t.services.resumable.settled();
      return location;
    })();
    creatorsUploads.set(key, upload);
  }
  return upload;
}

const READS: Op[] = [
  // GraphQL queries
  gqlRead(
    "query timeline(id)",
    `query($id: ID!) { timeline(id: $id) { id } }`,
    (w) => ({ id: w.subject.id }),
    (d, w) => d?.timeline?.id === w.subject.id,
    canSee,
  ),
  gqlRead(
    "query timeline(id).memories",
    `query($id: ID!) { timeline(id: $id) { memories { edges { node { id } } } } }`,
    (w) => ({ id: w.subject.id }),
    (d, w) => ids(d?.timeline?.memories).includes(w.memory.id),
    canSee,
  ),
  gqlRead(
    "query memory(id)",
    `query($id: ID!) { memory(id: $id) { id cover { id } } }`,
    (w) => ({ id: w.memory.id }),
    (d, w) => d?.memory?.cover?.id === w.mediaId,
    canSee,
  ),
  gqlRead(
    "query memory(id).media (every photo, in order)",
    `query($id: ID!) { memory(id: $id) { media { id url thumbUrl } } }`,
    (w) => ({ id: w.memory.id }),
    (d, w) =>
      JSON.stringify(d?.memory?.media?.map((m: { id: string }) => m.id)) === JSON.stringify([w.mediaId, w.secondId]) &&
      d.memory.media.every((m: { url: unknown }) => typeof m.url === "string"),
    canSee,
  ),
  gqlRead(
    "query memory(id).cover (a transcoded video: status, takenAt, its URLs)",
    `query($id: ID!) { memory(id: $id) { cover { id status takenAt url posterUrl thumbUrl } } }`,
    (w) => ({ id: w.videoMemory.id }),
    (d, w) =>
      d?.memory?.cover?.id === w.videoId &&
      d.memory.cover.status === "READY" &&
      d.memory.cover.takenAt === "2023-07-14T18:32:05+02:00" &&
      [d.memory.cover.url, d.memory.cover.posterUrl, d.memory.cover.thumbUrl].every(
        (u: unknown) => typeof u === "string",
      ),
    canSee,
  ),
  gqlRead(
    "query timelines (own list)",
    `{ timelines { edges { node { id } } } }`,
    () => ({}),
    (d, w) => ids(d?.timelines).includes(w.subject.id),
    isParticipant,
  ),
  gqlRead(
    "query userTimelines(creator)",
    `query($i: String!) { userTimelines(identifier: $i) { edges { node { id } } } }`,
    (w) => ({ i: w.users.creator.username }),
    (d, w) => ids(d?.userTimelines).includes(w.subject.id),
    (c) => canSee(c) && c.status === TimelineStatus.ACCEPTED,
  ),
  gqlRead(
    "query profileMemories(creator)",
    `query($i: String) { profileMemories(identifier: $i) { edges { node { id } } } }`,
    (w) => ({ i: w.users.creator.username }),
    (d, w) => ids(d?.profileMemories).includes(w.memory.id),
    canSee,
  ),
  gqlRead(
    "query relationships(creator)",
    `query($i: String) { relationships(identifier: $i) { otherUser { id } } }`,
    (w) => ({ i: w.users.creator.username }),
    (d, w) => (d?.relationships ?? []).some((r: Json) => r.otherUser.id === w.users.collaborator.id),
    (c) => canSee(c) && c.status === TimelineStatus.ACCEPTED,
  ),
  gqlRead(
    "query user(collaborator).email",
    `query($i: String!) { user(identifier: $i) { email } }`,
    (w) => ({ i: w.users.collaborator.username }),
    (d, w) => d?.user?.email === w.users.collaborator.email,
    seesCollaboratorEmail,
  ),
  gqlRead(
    "query timeline(id).collaboratorEmail",
    `query($id: ID!) { timeline(id: $id) { collaboratorEmail } }`,
    (w) => ({ id: w.subject.id }),
    (d, w) => d?.timeline?.collaboratorEmail === w.users.collaborator.email,
    seesCollaboratorEmail,
  ),
  {
    // a timeline one may not see answers exactly as a missing one (docs/decisions/032-who-may-learn-whom.md)
    name: "query timelineAccess(id)",
    expected: (c) =>
      c.role === "anonymous"
        ? "UNAUTHENTICATED"
        : canSee(c)
          ? { canView: true, title: "Subject", privacy: c.privacy }
          : { canView: false, title: null, privacy: undefined },
    async observe(c, agent) {
      const r = await gql(agent, `query($id: ID!) { timelineAccess(id: $id) { canView title privacy } }`, {
        id: worldOf(c).subject.id,
      });
      if (errorCode(r)) return errorCode(r);
      const a = r.data!.timelineAccess;
      return { canView: a.canView, title: a.title, privacy: a.privacy?.toLowerCase().replace("_", "-") };
    },
  },
  // REST reads
  restRead(
    "GET /api/timelines/:id",
    (w) => `/api/timelines/${w.subject.id}`,
    (b, w) => b.id === w.subject.id,
    canSee,
  ),
  restRead(
    "GET /api/timelines",
    () => `/api/timelines`,
    (b, w) => ids(b).includes(w.subject.id),
    isParticipant,
  ),
  restRead(
    "GET /api/timelines/filter",
    () => `/api/timelines/filter`,
    (b, w) => ids(b).includes(w.subject.id),
    isParticipant,
  ),
  restRead(
    "GET /api/timelines/user/:identifier",
    (w) => `/api/timelines/user/${w.users.creator.username}`,
    (b, w) => ids(b).includes(w.subject.id),
    (c) => canSee(c) && c.status === TimelineStatus.ACCEPTED,
  ),
  {
    name: "GET /api/timelines/:id/access",
    expected: (c) =>
      c.role === "anonymous"
        ? 401
        : canSee(c)
          ? { canView: true, title: "Subject", privacy: c.privacy }
          : { canView: false, title: null, privacy: null },
    async observe(c, agent) {
      const res = await agent.get(`/api/timelines/${worldOf(c).subject.id}/access`);
      return res.status === 401 ? 401 : { canView: res.body.canView, title: res.body.title, privacy: res.body.privacy };
    },
  },
  // "Who can see this" (docs/decisions/025-audience-preview.md): the two participants only
  {
    name: "query timelineAudience(id)",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : isParticipant(c) ? audienceOf(c) : "NOT_FOUND"),
    async observe(c, agent) {
      const r = await gql(
        agent,
        `query($id: ID!, $p: Privacy!) { timelineAudience(id: $id, privacy: $p) { count known { id } } }`,
        {
          id: worldOf(c).subject.id,
          p: gqlTier(c.privacy),
        },
      );
      if (errorCode(r)) return errorCode(r);
      return { count: r.data!.timelineAudience.count, known: ids(r.data!.timelineAudience.known) };
    },
  },
  {
    name: "GET /api/timelines/:id/audience",
    expected: (c) => (c.role === "anonymous" ? 401 : isParticipant(c) ? audienceOf(c) : 404),
    async observe(c, agent) {
      const res = await agent.get(`/api/timelines/${worldOf(c).subject.id}/audience?privacy=${c.privacy}`);
      return res.status === 200 ? { count: res.body.count, known: ids(res.body.known) } : res.status;
    },
  },
  {
    // By e-mail the answer must not tell whether the address has an account: for anyone who shares
    // no timeline with the collaborator it equals the answer for an address nobody holds. The creator
    // shares the subject with them, so for them the address counts as that person (which changes the
    // answer only where the collaborator adds to the creator's side: an accepted, non-private subject).
    name: "query audiencePreview(collaboratorEmail)",
    expected: (c) =>
      c.role === "anonymous"
        ? "UNAUTHENTICATED"
        : c.role === "collaborator"
          ? "BAD_USER_INPUT"
          : {
              knownArePartners: true,
              sameAsUnknownAddress:
                c.role !== "creator" || c.privacy === Privacy.PRIVATE || c.status === TimelineStatus.PENDING,
            },
    async observe(c, agent) {
      const query = `query($e: String, $p: Privacy!) { audiencePreview(collaboratorEmail: $e, privacy: $p) { count known { id } } }`;
      const r = await gql(agent, query, { e: worldOf(c).users.collaborator.email, p: gqlTier(c.privacy) });
      if (errorCode(r)) return errorCode(r);
      const unknown = await gql(agent, query, { e: "nobody-at-all@example.com", p: gqlTier(c.privacy) });
      const partners = await partnersOf(viewerOf(c)!.id);
      return {
        knownArePartners: ids(r.data!.audiencePreview.known).every((id: string) => partners.has(id)),
        sameAsUnknownAddress: JSON.stringify(r.data) === JSON.stringify(unknown.data),
      };
    },
  },
  {
    // by id too, a person's side of the count only for an accepted partner: a stranger's web is not
    // told (docs/decisions/032-who-may-learn-whom.md)
    name: "query audiencePreview(collaboratorId)",
    expected: (c) =>
      c.role === "anonymous"
        ? "UNAUTHENTICATED"
        : c.role === "collaborator"
          ? "BAD_USER_INPUT"
          : {
              sameAsNobodyChosen:
                c.role !== "creator" || c.privacy === Privacy.PRIVATE || c.status === TimelineStatus.PENDING,
            },
    async observe(c, agent) {
      const query = `query($id: ID, $p: Privacy!) { audiencePreview(collaboratorId: $id, privacy: $p) { count known { id } } }`;
      const r = await gql(agent, query, { id: worldOf(c).users.collaborator.id, p: gqlTier(c.privacy) });
      if (errorCode(r)) return errorCode(r);
      const nobody = await gql(agent, query, { id: null, p: gqlTier(c.privacy) });
      return { sameAsNobodyChosen: JSON.stringify(r.data) === JSON.stringify(nobody.data) };
    },
  },
  restRead(
    "GET /api/memories/:id",
    (w) => `/api/memories/${w.memory.id}`,
    (b, w) => b.id === w.memory.id,
    canSee,
  ),
  restRead(
    "GET /api/memories/filter?timeline_id",
    (w) => `/api/memories/filter?timeline_id=${w.subject.id}&sort=-memory_date`,
    (b, w) => ids(b).includes(w.memory.id),
    canSee,
  ),
  {
    // resumable uploads (docs/decisions/050-trip-uploads.md): anyone signed in may start one
    name: "POST /api/uploads",
    expected: (c) => (c.role === "anonymous" ? 401 : 201),
    async observe(_c, agent) {
      return (await agent.post("/api/uploads").set("Tus-Resumable", "1.0.0").set("Upload-Length", "10")).status;
    },
  },
  {
    // an upload's result is its owner's alone (the world's creator uploaded it)
    name: "GET /api/uploads/:id/result",
    expected: (c) => (c.role === "anonymous" ? 401 : c.role === "creator" ? 200 : 404),
    async observe(c, agent) {
      const location = await creatorsUpload(c);
      return (await agent.get(`${location}/result`)).status;
    },
  },
  {
    // the same photo twice (docs/decisions/050-trip-uploads.md): told only to the timeline's two people
    name: "GET /api/memories/duplicate",
    expected: (c) => (isParticipant(c) ? "told" : restDenial(c)),
    async observe(c, agent) {
      const w = worldOf(c);
      const sha256 = w.mediaId.replace(/-/g, "").padEnd(64, "0");
      await t.ds.query(`UPDATE media_files SET sha256 = $1 WHERE id = $2`, [sha256, w.mediaId]);
      const res = await agent.get(`/api/memories/duplicate?timeline_id=${w.subject.id}&sha256=${sha256}`);
      if (res.status !== 200) return res.status;
      return res.body.duplicate_of === w.memory.id ? "told" : "not told";
    },
  },
  restRead(
    "GET /api/memories/profile/:identifier",
    (w) => `/api/memories/profile/${w.users.creator.username}`,
    (b, w) => ids(b).includes(w.memory.id),
    canSee,
  ),
  restRead(
    "GET /api/user-relationships/user/:identifier",
    (w) => `/api/user-relationships/user/${w.users.creator.username}`,
    (b, w) => (b as Json[]).some((r) => r.other_user?.id === w.users.collaborator.id),
    (c) => canSee(c) && c.status === TimelineStatus.ACCEPTED,
  ),
  restRead(
    "GET /api/users/filter?username (e-mail)",
    (w) => `/api/users/filter?username=${w.users.collaborator.username}`,
    (b, w) => b[0]?.email === w.users.collaborator.email,
    seesCollaboratorEmail,
  ),
  // one's own connection web: the subject is an edge of its two participants once accepted
  gqlRead(
    "query relationships (own web)",
    `{ relationships { timelineTitle } }`,
    () => ({}),
    (d) => (d?.relationships ?? []).some((r: Json) => r.timelineTitle === "Subject"),
    (c) => isParticipant(c) && c.status === TimelineStatus.ACCEPTED,
  ),
  restRead(
    "GET /api/user-relationships/my-relationships",
    () => `/api/user-relationships/my-relationships`,
    (b) => (b as Json[]).some((r) => r.timelineTitle === "Subject"),
    (c) => isParticipant(c) && c.status === TimelineStatus.ACCEPTED,
  ),
  // notifications are their recipient's alone
  gqlRead(
    "query notifications",
    `{ notifications { edges { node { id } } } }`,
    () => ({}),
    (d, w) => ids(d?.notifications).includes(w.notificationId),
    (c) => c.role === "collaborator",
  ),
  gqlRead(
    "query unreadNotificationCount",
    `{ unreadNotificationCount }`,
    () => ({}),
    (d) => d?.unreadNotificationCount > 0,
    (c) => c.role === "collaborator",
  ),
  restRead(
    "GET /api/notifications",
    () => `/api/notifications?limit=50`,
    (b, w) => ids(b).includes(w.notificationId),
    (c) => c.role === "collaborator",
  ),
  restRead(
    "GET /api/notifications/unread-count",
    () => `/api/notifications/unread-count`,
    (b) => b.count > 0,
    (c) => c.role === "collaborator",
  ),
  // people: search finds anyone but the caller, and never shows an address the rule does not allow
  {
    name: "query searchUsers(collaborator's name)",
    expected: (c) =>
      c.role === "anonymous"
        ? "UNAUTHENTICATED"
        : { found: c.role !== "collaborator", email: c.role === "creator" && c.status === TimelineStatus.ACCEPTED },
    async observe(c, agent) {
      const w = worldOf(c);
      const r = await gql(agent, `query($q: String!) { searchUsers(query: $q) { id email } }`, {
        q: w.users.collaborator.username,
      });
      if (errorCode(r)) return errorCode(r);
      const hit = (r.data!.searchUsers as Json[]).find((u) => u.id === w.users.collaborator.id);
      return { found: !!hit, email: hit?.email === w.users.collaborator.email };
    },
  },
  gqlRead(
    "query usernameAvailable(collaborator's name)",
    `query($u: String!) { usernameAvailable(username: $u) }`,
    (w) => ({ u: w.users.collaborator.username }),
    (d) => d?.usernameAvailable === true,
    (c) => c.role === "collaborator",
  ),
  restRead(
    "GET /api/users/check-username/:username",
    (w) => `/api/users/check-username/${w.users.collaborator.username}`,
    (b) => b.available === true,
    (c) => c.role === "collaborator",
  ),
  {
    name: "query me",
    expected: (c) => (c.role === "anonymous" ? null : viewerOf(c)!.id),
    async observe(_c, agent) {
      return (await gql(agent, `{ me { id } }`)).data?.me?.id ?? null;
    },
  },
  {
    name: "GET /api/users/me",
    expected: (c) => (c.role === "anonymous" ? 401 : viewerOf(c)!.id),
    async observe(_c, agent) {
      const res = await agent.get("/api/users/me");
      return res.status === 401 ? 401 : res.body.id;
    },
  },
  // media bytes (the /media route, which asks the access policy on every request)
  {
    name: "GET /media/:id/thumb (a profile photo)",
    expected: (c) => (c.role === "anonymous" ? 404 : 200),
    async observe(c, agent) {
      return (await agent.get(t.services.media.signedUrl(worldOf(c).photoId, "thumb"))).status;
    },
  },
  ...(["display", "thumb"] as const).map((variant): Op => ({
    name: `GET /media/:id/${variant} (signed URL)`,
    expected: (c) => (canSee(c) ? 200 : 404),
    async observe(c, agent) {
      const url = t.services.media.signedUrl(worldOf(c).mediaId, variant);
      return (await agent.get(url)).status;
    },
  })),
  // a memory's second photo, not its cover (docs/decisions/051-several-photos-per-memory.md): the same rule
  ...(["display", "thumb"] as const).map((variant): Op => ({
    name: `GET /media/:id/${variant} (a memory's second photo)`,
    expected: (c) => (canSee(c) ? 200 : 404),
    async observe(c, agent) {
      const url = t.services.media.signedUrl(worldOf(c).secondId, variant);
      return (await agent.get(url)).status;
    },
  })),
  // a video's files made by the server (docs/decisions/034-media-formats.md): the transcoded copy, poster, thumb
  ...(["video", "poster", "thumb"] as const).map((variant): Op => ({
    name: `GET /media/:id/${variant} (a transcoded video)`,
    expected: (c) => (canSee(c) ? 200 : 404),
    async observe(c, agent) {
      const url = t.services.media.signedUrl(worldOf(c).videoId, variant);
      return (await agent.get(url)).status;
    },
  })),
];

/** Relation fields (and private fields) reached through a visible parent: the same rules, per field. */
const RELATIONS: Op[] = [
  gqlRead(
    "field Memory.timeline",
    `query($id: ID!) { memory(id: $id) { timeline { id } } }`,
    (w) => ({ id: w.memory.id }),
    (d, w) => d?.memory?.timeline?.id === w.subject.id,
    canSee,
  ),
  gqlRead(
    "field Memory.createdBy",
    `query($id: ID!) { memory(id: $id) { createdBy { id } } }`,
    (w) => ({ id: w.memory.id }),
    (d, w) => d?.memory?.createdBy?.id === w.users.creator.id,
    canSee,
  ),
  gqlRead(
    "field Memory.partner",
    `query($id: ID!) { memory(id: $id) { partner { id } } }`,
    (w) => ({ id: w.memory.id }),
    (d, w) => d?.memory?.partner?.id === w.users.collaborator.id,
    canSee,
  ),
  gqlRead(
    "field Memory.editedBy",
    `query($id: ID!) { memory(id: $id) { editedBy { id } } }`,
    (w) => ({ id: w.memory.id }),
    (d, w) => d?.memory?.editedBy?.id === w.users.collaborator.id,
    canSee,
  ),
  gqlRead(
    "field Timeline.createdBy",
    `query($id: ID!) { timeline(id: $id) { createdBy { id } } }`,
    (w) => ({ id: w.subject.id }),
    (d, w) => d?.timeline?.createdBy?.id === w.users.creator.id,
    canSee,
  ),
  gqlRead(
    // month counts of the whole timeline (docs/decisions/036-offline-truth-and-memory-urls.md)
    "field Timeline.memoryMonths",
    `query($id: ID!) { timeline(id: $id) { memoryMonths { month count } } }`,
    (w) => ({ id: w.subject.id }),
    (d) => ((d?.timeline?.memoryMonths ?? []) as Json[]).some((m) => m.count > 0),
    canSee,
  ),
  gqlRead(
    "field Timeline.collaborator",
    `query($id: ID!) { timeline(id: $id) { collaborator { id } } }`,
    (w) => ({ id: w.subject.id }),
    (d, w) => d?.timeline?.collaborator?.id === w.users.collaborator.id,
    canSee,
  ),
  gqlRead(
    "field Memory.timeline.memories (through profileMemories)",
    `query($i: String) { profileMemories(identifier: $i) { edges { node { timeline { memories { edges { node { id } } } } } } } }`,
    (w) => ({ i: w.users.creator.username }),
    (d, w) => nodes(d?.profileMemories).some((m: Json) => ids(m.timeline?.memories).includes(w.memory.id)),
    canSee,
  ),
  gqlRead(
    "field Notification.relatedUser",
    `{ notifications { edges { node { id relatedUser { id } } } } }`,
    () => ({}),
    (d, w) =>
      nodes(d?.notifications).some((n: Json) => n.id === w.notificationId && n.relatedUser?.id === w.users.creator.id),
    (c) => c.role === "collaborator",
  ),
  {
    // never anyone: naming a participant would tell that the timeline exists
    // (docs/decisions/032-who-may-learn-whom.md)
    name: "field TimelineAccess.otherUser (and its email)",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : null),
    async observe(c, agent) {
      const w = worldOf(c);
      const r = await gql(agent, `query($id: ID!) { timelineAccess(id: $id) { otherUser { name email } } }`, {
        id: w.subject.id,
      });
      if (errorCode(r)) return errorCode(r);
      const other = r.data!.timelineAccess.otherUser as Json | null;
      if (!other) return null;
      const creator = w.users.creator;
      return {
        name: other.name === (creator.displayName || creator.username) ? "creator" : other.name,
        email: other.email === creator.email,
      };
    },
  },
];

/** A write on a fresh copy; `effect` reads the database afterwards. */
const gqlWrite = (
  name: string,
  run: (agent: Agent, s: { timeline: Timeline; memory: Memory }, c: Cell) => Promise<unknown>,
  effect: (s: { timeline: Timeline; memory: Memory }) => Promise<boolean>,
  expected: (c: Cell) => unknown = (c) =>
    isParticipant(c) ? { code: "OK", effect: true } : { code: gqlDenial(c), effect: false },
): Op => ({
  name,
  expected,
  async observe(c, agent) {
    const s = await freshSubject(c);
    const r = (await run(agent, s, c)) as Parameters<typeof errorCode>[0];
    return { code: errorCode(r) ?? "OK", effect: await effect(s) };
  },
});

const restWrite = (
  name: string,
  run: (agent: Agent, s: { timeline: Timeline; memory: Memory }, c: Cell) => Promise<{ status: number }>,
  effect: (s: { timeline: Timeline; memory: Memory }) => Promise<boolean>,
  expected: (c: Cell) => unknown = (c) =>
    isParticipant(c) ? { status: 200, effect: true } : { status: restDenial(c), effect: false },
): Op => ({
  name,
  expected,
  async observe(c, agent) {
    const s = await freshSubject(c);
    const res = await run(agent, s, c);
    return { status: res.status, effect: await effect(s) };
  },
});

const titleIs = (title: string) => async (s: { timeline: Timeline }) =>
  (await t.ds.getRepository(Timeline).findOneByOrFail({ id: s.timeline.id })).title === title;
const captionIs = (caption: string) => async (s: { memory: Memory }) =>
  (await t.ds.getRepository(Memory).findOneBy({ id: s.memory.id }))?.caption === caption;
const meaningIs = (text: string) => async (s: { memory: Memory }) =>
  (await t.ds.getRepository(Memory).findOneBy({ id: s.memory.id }))?.meaning === text;
const partnerMeaningIs = (text: string) => async (s: { memory: Memory }) =>
  (await t.ds.getRepository(Memory).findOneBy({ id: s.memory.id }))?.partnerMeaning === text;
const memoriesIn = (n: number) => async (s: { timeline: Timeline }) =>
  (await t.ds.getRepository(Memory).countBy({ timelineId: s.timeline.id })) === n;
/** An unattached upload of the viewer's own (anonymous: someone's, never usable). */
async function ownUpload(c: Cell): Promise<string> {
  const owner = viewerOf(c) ?? worldOf(c).users.creator;
  return (await createMedia(t.ds, { ownerId: owner.id })).id;
}
const respondEffect = (accept: boolean) => async (s: { timeline: Timeline }) => {
  const row = await t.ds.getRepository(Timeline).findOneByOrFail({ id: s.timeline.id });
  return (
    row.status === (accept ? TimelineStatus.ACCEPTED : TimelineStatus.REJECTED) &&
    s.timeline.status === TimelineStatus.PENDING
  );
};
/** Did anyone get a notification about the copy? (The creator's friend U1 can see it when accepted and not private.) */
const friendNotified = async (s: { timeline: Timeline }) =>
  (await t.ds.getRepository(Notification).countBy({ relatedTimelineId: s.timeline.id })) > 0;
const friendExpected = (c: Cell) =>
  isParticipant(c)
    ? { status: 200, effect: c.status === TimelineStatus.ACCEPTED && c.privacy !== Privacy.PRIVATE }
    : { status: restDenial(c), effect: false };

/** A fresh unread notification to the cell's collaborator; true once it reads as read. */
async function freshNotification(c: Cell): Promise<{ id: string; read(): Promise<boolean> }> {
  const n = await createNotification(t.ds, {
    recipientId: worldOf(c).users.collaborator.id,
    relatedTimelineId: worldOf(c).subject.id,
    type: NotificationType.MEMORY_ADDED,
  });
  return { id: n.id, read: async () => (await t.ds.getRepository(Notification).findOneByOrFail({ id: n.id })).isRead };
}
const onlyCollaborator = (ok: unknown, denied: (c: Cell) => unknown) => (c: Cell) =>
  c.role === "collaborator" ? ok : denied(c);
const signedOutOr = (gqlOrRest: "gql" | "rest", other: unknown) => (c: Cell) =>
  c.role === "anonymous" ? (gqlOrRest === "gql" ? "UNAUTHENTICATED" : 401) : other;

const signedIn = async (agent: Agent) => !!(await gql(agent, `{ me { id } }`)).data?.me;
/**
 * Sign out everywhere through one door: every session of the asker ends, in every browser; nobody
 * else's (docs/sign-in-requirements.md H39). It runs in a browser of its own, with a second
 * one to see it end; the cells' shared browser of that person is signed out with them.
 */
const signOutEverywhere = (door: "gql" | "rest"): Op => ({
  name:
    door === "gql"
      ? "mutation signOutEverywhere (ends every session of the asker, nobody else's)"
      : "POST /api/auth/logout-everywhere (ends every session of the asker, nobody else's)",
  expected: (c) =>
    c.role === "anonymous"
      ? { answer: door === "gql" ? "UNAUTHENTICATED" : 401, otherPersonSignedIn: true }
      : { answer: door === "gql" ? "OK" : 200, ownOtherBrowserSignedIn: false, otherPersonSignedIn: true },
  async observe(c, agent) {
    const run = async (a: Agent) =>
      door === "gql"
        ? (errorCode(await gql(a, `mutation { signOutEverywhere { success } }`)) ?? "OK")
        : (await a.post("/api/auth/logout-everywhere")).status;
    const me = viewerOf(c);
    const theirs = await signInAs(t, worldOf(c).users[c.role === "creator" ? "collaborator" : "creator"]);
    if (!me) return { answer: await run(agent), otherPersonSignedIn: await signedIn(theirs) };
    const [here, elsewhere] = [await signInAs(t, me), await signInAs(t, me)];
    const answer = await run(here);
    agents.delete(me.id);
    return {
      answer,
      ownOtherBrowserSignedIn: await signedIn(elsewhere),
      otherPersonSignedIn: await signedIn(theirs),
    };
  },
});
const ACCOUNT_WRITES: Op[] = [
  signOutEverywhere("gql"),
  signOutEverywhere("rest"),
  {
    name: "POST /api/upload/file (an upload is its uploader's own, unattached)",
    expected: (c) => (c.role === "anonymous" ? { status: 401 } : { status: 201, ownUnattached: true }),
    async observe(c, agent) {
      const res = await agent.post("/api/upload/file").attach("file", fixture("photo-plain.jpg"));
      if (res.status !== 201) return { status: res.status };
      const row = await t.ds.getRepository(MediaFile).findOneByOrFail({ id: res.body.public_id });
      return { status: res.status, ownUnattached: row.ownerId === viewerOf(c)!.id && !row.attached };
    },
  },
  {
    name: "mutation markNotificationRead (the collaborator's)",
    expected: onlyCollaborator({ code: "OK", read: true }, (c) => ({
      code: signedOutOr("gql", "NOT_FOUND")(c),
      read: false,
    })),
    async observe(c, agent) {
      const n = await freshNotification(c);
      const r = await gql(
        agent,
        `mutation($id: ID!) { markNotificationRead(input: { id: $id }) { notification { id } } }`,
        {
          id: n.id,
        },
      );
      return { code: errorCode(r) ?? "OK", read: await n.read() };
    },
  },
  {
    name: "PUT /api/notifications/:id/read (the collaborator's)",
    expected: onlyCollaborator({ status: 200, read: true }, (c) => ({
      status: signedOutOr("rest", 404)(c),
      read: false,
    })),
    async observe(c, agent) {
      const n = await freshNotification(c);
      const res = await agent.put(`/api/notifications/${n.id}/read`);
      return { status: res.status, read: await n.read() };
    },
  },
  {
    name: "mutation markAllNotificationsRead",
    expected: (c) => ({ code: signedOutOr("gql", "OK")(c), read: c.role === "collaborator" }),
    async observe(c, agent) {
      const n = await freshNotification(c);
      const r = await gql(agent, `mutation { markAllNotificationsRead { count } }`);
      return { code: errorCode(r) ?? "OK", read: await n.read() };
    },
  },
  {
    name: "PUT /api/notifications/mark-all-read",
    expected: (c) => ({ status: signedOutOr("rest", 200)(c), read: c.role === "collaborator" }),
    async observe(c, agent) {
      const n = await freshNotification(c);
      const res = await agent.put("/api/notifications/mark-all-read");
      return { status: res.status, read: await n.read() };
    },
  },
  {
    name: "mutation updateProfile (changes only one's own profile)",
    expected: (c) => ({ code: signedOutOr("gql", "OK")(c), collaboratorChanged: c.role === "collaborator" }),
    async observe(c, agent) {
      const bio = `bio ${Math.random()}`;
      const r = await gql(agent, `mutation($b: String!) { updateProfile(input: { bio: $b }) { user { id } } }`, {
        b: bio,
      });
      const b = await t.ds.getRepository(User).findOneByOrFail({ id: worldOf(c).users.collaborator.id });
      return { code: errorCode(r) ?? "OK", collaboratorChanged: b.bio === bio };
    },
  },
  {
    name: "PUT /api/users/me (changes only one's own profile)",
    expected: (c) => ({ status: signedOutOr("rest", 200)(c), collaboratorChanged: c.role === "collaborator" }),
    async observe(c, agent) {
      const bio = `bio ${Math.random()}`;
      const res = await agent.put("/api/users/me").send({ bio });
      const b = await t.ds.getRepository(User).findOneByOrFail({ id: worldOf(c).users.collaborator.id });
      return { status: res.status, collaboratorChanged: b.bio === bio };
    },
  },
  {
    name: "mutation createTimeline (with the collaborator)",
    expected: (c) => ({ code: signedOutOr("gql", c.role === "collaborator" ? "BAD_USER_INPUT" : "OK")(c) }),
    async observe(c, agent) {
      const r = await gql(
        agent,
        `mutation($id: ID!) { createTimeline(input: { title: "New", collaboratorId: $id, privacy: PUBLIC }) { timeline { status } } }`,
        { id: worldOf(c).users.collaborator.id },
      );
      return { code: errorCode(r) ?? (r.data?.createTimeline.timeline.status === "PENDING" ? "OK" : "wrong") };
    },
  },
  {
    name: "POST /api/timelines (with the collaborator)",
    expected: (c) => ({ status: signedOutOr("rest", c.role === "collaborator" ? 400 : 201)(c) }),
    async observe(c, agent) {
      const res = await agent
        .post("/api/timelines")
        .send({ title: "New", collaborator_email: worldOf(c).users.collaborator.email, privacy: "public" });
      return { status: res.status };
    },
  },
];

const WRITES: Op[] = [
  gqlWrite(
    "mutation updateTimeline",
    (a, s) =>
      gql(a, `mutation($id: ID!) { updateTimeline(input: { id: $id, title: "Taken" }) { timeline { id } } }`, {
        id: s.timeline.id,
      }),
    titleIs("Taken"),
  ),
  gqlWrite(
    "mutation deleteTimeline",
    (a, s) => gql(a, `mutation($id: ID!) { deleteTimeline(input: { id: $id }) { deletedId } }`, { id: s.timeline.id }),
    async (s) => !(await exists(Timeline, s.timeline.id)),
  ),
  gqlWrite(
    "mutation acceptTimeline",
    (a, s) =>
      gql(a, `mutation($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }`, { id: s.timeline.id }),
    respondEffect(true),
    (c) => ({ code: respondGql(c), effect: canRespond(c) }),
  ),
  gqlWrite(
    "mutation rejectTimeline",
    (a, s) =>
      gql(a, `mutation($id: ID!) { rejectTimeline(input: { id: $id }) { timeline { id } } }`, { id: s.timeline.id }),
    respondEffect(false),
    (c) => ({ code: respondGql(c), effect: canRespond(c) }),
  ),
  gqlWrite(
    "mutation createMemory",
    async (a, s, c) =>
      gql(a, `mutation($input: CreateMemoryInput!) { createMemory(input: $input) { memory { id } } }`, {
        input: { timelineId: s.timeline.id, mediaId: await ownUpload(c) },
      }),
    memoriesIn(2),
  ),
  gqlWrite(
    "mutation updateMemory",
    (a, s) =>
      gql(a, `mutation($id: ID!) { updateMemory(input: { id: $id, caption: "Taken" }) { memory { id } } }`, {
        id: s.memory.id,
      }),
    captionIs("Taken"),
  ),
  gqlWrite(
    "mutation updateMemory (partnerMeaning)",
    (a, s) =>
      gql(a, `mutation($id: ID!) { updateMemory(input: { id: $id, partnerMeaning: "Taken" }) { memory { id } } }`, {
        id: s.memory.id,
      }),
    partnerMeaningIs("Taken"),
    (c) => (isPartner(c) ? { code: "OK", effect: true } : { code: partnerGqlDenial(c), effect: false }),
  ),
  gqlWrite(
    "mutation updateMemory (meaning)",
    (a, s) =>
      gql(a, `mutation($id: ID!) { updateMemory(input: { id: $id, meaning: "Taken" }) { memory { id } } }`, {
        id: s.memory.id,
      }),
    meaningIs("Taken"),
    meaningGql,
  ),
  gqlWrite(
    "mutation deleteMemory",
    (a, s) => gql(a, `mutation($id: ID!) { deleteMemory(input: { id: $id }) { deletedId } }`, { id: s.memory.id }),
    async (s) => !(await exists(Memory, s.memory.id)),
  ),
  restWrite(
    "PUT /api/timelines/:id",
    (a, s) => a.put(`/api/timelines/${s.timeline.id}`).send({ title: "Taken" }),
    titleIs("Taken"),
  ),
  restWrite(
    "DELETE /api/timelines/:id",
    (a, s) => a.delete(`/api/timelines/${s.timeline.id}`),
    async (s) => !(await exists(Timeline, s.timeline.id)),
  ),
  restWrite(
    "POST /api/timelines/:id/accept",
    (a, s) => a.post(`/api/timelines/${s.timeline.id}/accept`),
    respondEffect(true),
    (c) => ({ status: respondRest(c), effect: canRespond(c) }),
  ),
  restWrite(
    "POST /api/timelines/:id/reject",
    (a, s) => a.post(`/api/timelines/${s.timeline.id}/reject`),
    respondEffect(false),
    (c) => ({ status: respondRest(c), effect: canRespond(c) }),
  ),
  restWrite(
    "POST /api/memories",
    async (a, s, c) =>
      a.post("/api/memories").send({ timeline_id: s.timeline.id, media_public_id: await ownUpload(c) }),
    memoriesIn(2),
    (c) => (isParticipant(c) ? { status: 201, effect: true } : { status: restDenial(c), effect: false }),
  ),
  restWrite(
    "PUT /api/memories/:id",
    (a, s) => a.put(`/api/memories/${s.memory.id}`).send({ caption: "Taken" }),
    captionIs("Taken"),
  ),
  restWrite(
    "PUT /api/memories/:id (partner_meaning)",
    (a, s) => a.put(`/api/memories/${s.memory.id}`).send({ partner_meaning: "Taken" }),
    partnerMeaningIs("Taken"),
    (c) => (isPartner(c) ? { status: 200, effect: true } : { status: partnerRestDenial(c), effect: false }),
  ),
  restWrite(
    "PUT /api/memories/:id (meaning)",
    (a, s) => a.put(`/api/memories/${s.memory.id}`).send({ meaning: "Taken" }),
    meaningIs("Taken"),
    meaningRest,
  ),
  restWrite(
    "DELETE /api/memories/:id",
    (a, s) => a.delete(`/api/memories/${s.memory.id}`),
    async (s) => !(await exists(Memory, s.memory.id)),
  ),
  restWrite(
    "POST /api/notifications/friend-timeline-created",
    (a, s) => a.post("/api/notifications/friend-timeline-created").send({ timelineId: s.timeline.id }),
    friendNotified,
    friendExpected,
  ),
  restWrite(
    "POST /api/notifications/friend-photos-uploaded",
    (a, s) => a.post("/api/notifications/friend-photos-uploaded").send({ timelineId: s.timeline.id, photoCount: 1 }),
    friendNotified,
    friendExpected,
  ),
];

/**
 * One's own data (docs/decisions/023-export-and-deletion.md): the export URL is handed to oneself
 * only, the export holds only timelines one takes part in, and an unconfirmed deletion changes
 * nobody's data (the confirmed one, which deletes the asker, is account-deletion.test.ts's subject).
 */
/** The entries of a zip by name; the text of keepsake.json only (the rest are media). */
const zipEntries = (buf: Buffer) =>
  new Promise<Map<string, string>>((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error("no zip"));
      const out = new Map<string, string>();
      zip.on("entry", (e: yauzl.Entry) => {
        if (e.fileName !== "keepsake.json") return void (out.set(e.fileName, ""), zip.readEntry());
        zip.openReadStream(e, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error("no stream"));
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => (out.set(e.fileName, Buffer.concat(chunks).toString("utf8")), zip.readEntry()));
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
const subjectIntact = async (c: Cell) => {
  const w = worldOf(c);
  return (
    (await exists(Timeline, w.subject.id)) &&
    (await t.ds.getRepository(User).countBy({ id: In(Object.values(w.users).map((u) => u.id)) })) === 5
  );
};

const OWN_DATA: Op[] = [
  gqlRead(
    "field User.exportUrl",
    `query($i: String!) { user(identifier: $i) { exportUrl } }`,
    (w) => ({ i: w.users.creator.username }),
    (d) => d?.user?.exportUrl === "/api/users/me/export",
    (c) => c.role === "creator",
  ),
  {
    // the export tells no more than the other doors (docs/decisions/032-who-may-learn-whom.md): the
    // invited address to its creator only under the e-mail rule (they share an accepted timeline; by
    // now the writes above have accepted a copy of every pending subject), the partner by name
    name: "GET /api/users/me/export (only the asker's own timelines; addresses and names under the rule)",
    expected: (c) =>
      c.role === "anonymous"
        ? { status: 401 }
        : !isParticipant(c)
          ? { status: 200, subject: false }
          : {
              status: 200,
              subject: true,
              invitedEmail: c.role === "creator" ? "by the rule" : "hidden",
              partner: true,
            },
    async observe(c, agent) {
      const viewer = viewerOf(c);
      if (viewer) await t.services.exports.limit.reset(viewer.id);
      const res = await agent
        .get("/api/users/me/export")
        .buffer(true)
        .parse((response, cb) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => cb(null, Buffer.concat(chunks)));
        });
      if (res.status !== 200) return { status: res.status };
      const w = worldOf(c);
      const entries = await zipEntries(res.body as Buffer);
      // the timeline's folder: its title and the first characters of its id (docs/decisions/037-each-voice-its-authors.md)
      const subject = [...entries.keys()].some((n) => n.startsWith(`media/Subject-${w.subject.id.slice(0, 8)}/`));
      if (!subject) return { status: res.status, subject };
      const doc = JSON.parse(entries.get("keepsake.json")!);
      const tl = doc.timelines.find((x: Json) => x.id === w.subject.id);
      const other = c.role === "creator" ? w.users.collaborator : w.users.creator;
      const shown = tl.invitedEmail === w.users.collaborator.email;
      const rule = (await partnersOf(w.users.creator.id)).has(w.users.collaborator.id);
      return {
        status: res.status,
        subject,
        invitedEmail:
          c.role === "creator" ? (shown === rule ? "by the rule" : "against the rule") : (tl.invitedEmail ?? "hidden"),
        partner: tl.partner?.username === other.username,
      };
    },
  },
  {
    name: "mutation deleteAccount (unconfirmed: refused, nobody's data changes)",
    expected: (c) => ({ code: signedOutOr("gql", "BAD_USER_INPUT")(c), intact: true }),
    async observe(c, agent) {
      const r = await gql(agent, `mutation { deleteAccount(input: { confirm: "delete" }) { deleted } }`);
      return { code: errorCode(r) ?? "OK", intact: await subjectIntact(c) };
    },
  },
  {
    name: "DELETE /api/users/me (unconfirmed: refused, nobody's data changes)",
    expected: (c) => ({ status: signedOutOr("rest", 400)(c), intact: true }),
    async observe(c, agent) {
      const res = await agent.delete("/api/users/me").send({ confirm: "no" });
      return { status: res.status, intact: await subjectIntact(c) };
    },
  },
];

/**
 * Answers to a request to widen (docs/decisions/026-two-keys-privacy.md): a fresh copy whose
 * creator asked for the next wider tier (none for public or a proposal). Only the collaborator
 * (the other participant) answers; the requester is refused; with nothing pending both
 * participants get a conflict; anyone else the missing-timeline answer, even an onlooker.
 */
const WIDER: Partial<Record<Privacy, Privacy>> = {
  [Privacy.PRIVATE]: Privacy.SEMI_PRIVATE,
  [Privacy.SEMI_PRIVATE]: Privacy.PUBLIC,
};
const widerPending = (c: Cell) => (c.status === TimelineStatus.ACCEPTED ? (WIDER[c.privacy] ?? null) : null);
async function freshRequest(c: Cell): Promise<Timeline> {
  const { timeline } = await freshSubject(c);
  const wider = widerPending(c);
  if (wider) {
    await t.ds
      .getRepository(Timeline)
      .update(
        { id: timeline.id },
        { pendingPrivacy: wider, privacyRequestedById: timeline.createdById, privacyRequestedAt: new Date() },
      );
  }
  return timeline;
}
const answerOutcome = (c: Cell): "OK" | "FORBIDDEN" | "CONFLICT" | "NOT_FOUND" | "UNAUTHENTICATED" =>
  c.role === "anonymous"
    ? "UNAUTHENTICATED"
    : !isParticipant(c)
      ? "NOT_FOUND"
      : !widerPending(c)
        ? "CONFLICT"
        : c.role === "creator"
          ? "FORBIDDEN"
          : "OK";
const STATUS_OF = { OK: 200, FORBIDDEN: 403, CONFLICT: 409, NOT_FOUND: 404, UNAUTHENTICATED: 401 } as const;
/** The tier in force after the answer: the wider one only when accepted by the collaborator. */
const tierAfter = (c: Cell, accept: boolean) => (answerOutcome(c) === "OK" && accept ? widerPending(c)! : c.privacy);
const privacyAnswer = (accept: boolean, door: "gql" | "rest"): Op => ({
  name:
    door === "gql"
      ? `mutation respondToPrivacyChange (accept: ${accept})`
      : `POST /api/timelines/:id/privacy/${accept ? "accept" : "decline"}`,
  expected: (c) => ({
    answer: door === "gql" ? answerOutcome(c) : STATUS_OF[answerOutcome(c)],
    privacy: tierAfter(c, accept),
    stillPending: answerOutcome(c) === "OK" ? null : widerPending(c),
  }),
  async observe(c, agent) {
    const tl = await freshRequest(c);
    let answer: unknown;
    // the answer names the tier the request asks for (docs/decisions/032-who-may-learn-whom.md)
    const tier = widerPending(c) ?? Privacy.PUBLIC;
    if (door === "gql") {
      const r = await gql(
        agent,
        `mutation($id: ID!, $a: Boolean!, $p: Privacy) { respondToPrivacyChange(input: { id: $id, accept: $a, privacy: $p }) { timeline { id } } }`,
        { id: tl.id, a: accept, p: gqlTier(tier) },
      );
      answer = errorCode(r) ?? "OK";
    } else {
      answer = (
        await agent.post(`/api/timelines/${tl.id}/privacy/${accept ? "accept" : "decline"}`).send({ privacy: tier })
      ).status;
    }
    const row = await t.ds.getRepository(Timeline).findOneByOrFail({ id: tl.id });
    return { answer, privacy: row.privacy, stillPending: row.pendingPrivacy };
  },
});
const PRIVACY_ANSWERS: Op[] = [
  privacyAnswer(true, "gql"),
  privacyAnswer(false, "gql"),
  privacyAnswer(true, "rest"),
  privacyAnswer(false, "rest"),
  {
    // the creator of a shared timeline asks for a wider tier: stored, the old tier holds (202)
    name: "PUT /api/timelines/:id (a wider privacy waits for the other participant)",
    expected: (c) =>
      !isParticipant(c)
        ? { status: restDenial(c), privacy: c.privacy, pending: null }
        : c.status === TimelineStatus.ACCEPTED && c.privacy !== Privacy.PUBLIC
          ? { status: 202, privacy: c.privacy, pending: Privacy.PUBLIC }
          : c.status === TimelineStatus.PENDING && c.role === "collaborator" && c.privacy !== Privacy.PUBLIC
            ? { status: 403, privacy: c.privacy, pending: null }
            : { status: 200, privacy: Privacy.PUBLIC, pending: null },
    async observe(c, agent) {
      const { timeline } = await freshSubject(c);
      const res = await agent.put(`/api/timelines/${timeline.id}`).send({ privacy: "public" });
      const row = await t.ds.getRepository(Timeline).findOneByOrFail({ id: timeline.id });
      return { status: res.status, privacy: row.privacy, pending: row.pendingPrivacy };
    },
  },
];

/**
 * The pending state: an accepted timeline whose creator asked for a wider tier. Until the
 * collaborator accepts, the old tier decides every row and media byte; after an accept the wider
 * one does; after a decline the old one still does. One world per (old tier → wider tier) and
 * phase: a pair of its own whose creator is linked to the degree1 of the accepted world of the old
 * tier, so degree1–3 and the stranger stand where they stand in that world.
 */
const PHASES = ["held", "accepted", "declined"] as const;
type Phase = (typeof PHASES)[number];
interface PendingWorld {
  /** a pair of its own (so the other cells' webs and notices stay as they were), at the same place */
  pair: { creator: User; collaborator: User };
  subject: Timeline;
  memory: Memory;
  mediaId: string;
}
const pendingWorlds = new Map<string, PendingWorld>();
const PENDING_CELLS = (Object.entries(WIDER) as [Privacy, Privacy][]).flatMap(([from, to]) =>
  PHASES.flatMap((phase) => ROLES.map((role) => ({ role, from, to, phase }))),
);
type PendingCell = (typeof PENDING_CELLS)[number];
const pendingWorldOf = (c: PendingCell) => pendingWorlds.get(`${c.from}:${c.phase}`)!;
const asCell = (c: PendingCell, privacy: Privacy): Cell => ({ role: c.role, privacy, status: TimelineStatus.ACCEPTED });
/** What the cell may see: the tier in force in that phase. */
const pendingCanSee = (c: PendingCell) => canSee(asCell(c, c.phase === "accepted" ? c.to : c.from));

interface PendingOp {
  name: string;
  expected(c: PendingCell): unknown;
  observe(c: PendingCell, agent: Agent): Promise<unknown>;
}
const PENDING_READS: PendingOp[] = [
  {
    name: "query timeline(id) (a wider tier pending)",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : pendingCanSee(c)),
    async observe(c, agent) {
      const w = pendingWorldOf(c);
      const r = await gql(agent, `query($id: ID!) { timeline(id: $id) { id } }`, { id: w.subject.id });
      return errorCode(r) ?? r.data?.timeline?.id === w.subject.id;
    },
  },
  {
    name: "query memory(id) (a wider tier pending)",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : pendingCanSee(c)),
    async observe(c, agent) {
      const w = pendingWorldOf(c);
      const r = await gql(agent, `query($id: ID!) { memory(id: $id) { id } }`, { id: w.memory.id });
      return errorCode(r) ?? r.data?.memory?.id === w.memory.id;
    },
  },
  {
    name: "GET /api/timelines/:id (a wider tier pending)",
    expected: (c) => (c.role === "anonymous" ? 401 : pendingCanSee(c) ? 200 : 404),
    async observe(c, agent) {
      return (await agent.get(`/api/timelines/${pendingWorldOf(c).subject.id}`)).status;
    },
  },
  {
    name: "GET /media/:id/display (a wider tier pending)",
    expected: (c) => (pendingCanSee(c) ? 200 : 404),
    async observe(c, agent) {
      return (await agent.get(t.services.media.signedUrl(pendingWorldOf(c).mediaId, "display"))).status;
    },
  },
  {
    // the request is the two participants' business: its tier and its asker, to them only
    name: "field Timeline.privacyRequestedBy (and pendingPrivacy)",
    expected: (c) =>
      c.role === "anonymous"
        ? "UNAUTHENTICATED"
        : !pendingCanSee(c)
          ? "not seen"
          : c.phase === "held" && (c.role === "creator" || c.role === "collaborator")
            ? { by: "creator", pending: c.to.toUpperCase().replace("-", "_") }
            : { by: null, pending: null },
    async observe(c, agent) {
      const w = pendingWorldOf(c);
      const r = await gql(agent, `query($id: ID!) { timeline(id: $id) { pendingPrivacy privacyRequestedBy { id } } }`, {
        id: w.subject.id,
      });
      if (errorCode(r)) return errorCode(r);
      const tl = r.data?.timeline;
      if (!tl) return "not seen";
      const by = tl.privacyRequestedBy?.id;
      return { by: by === w.subject.createdById ? "creator" : (by ?? null), pending: tl.pendingPrivacy };
    },
  },
];

// ---- a memory's own tier (docs/decisions/052-memory-privacy.md) ------------------------------
/**
 * Every role × every timeline tier and state × every memory tier: the memory is seen when its
 * timeline is and the viewer is within reach of the narrower of the two tiers (a memory stored
 * wider than its timeline, as a row can be, is held to the timeline's). Rows and bytes.
 */
interface MemoryTierCell extends Cell {
  memoryTier: Privacy;
}
const MEMORY_TIER_CELLS: MemoryTierCell[] = CELLS.flatMap((c) => TIERS.map((memoryTier) => ({ ...c, memoryTier })));
const narrowerTier = (a: Privacy, b: Privacy) => (TIERS.indexOf(a) < TIERS.indexOf(b) ? a : b);
const canSeeMemory = (c: MemoryTierCell) =>
  canSee(c) && (isParticipant(c) || withinReach({ ...c, privacy: narrowerTier(c.memoryTier, c.privacy) }));
const tierMemoryOf = (c: MemoryTierCell) => worldOf(c).tierMemories[c.memoryTier];

async function memoriesOfEachTier(subject: Timeline, creator: User): Promise<World["tierMemories"]> {
  const out = {} as World["tierMemories"];
  for (const privacy of TIERS) {
    const media = await t.services.media.ingest(
      { userId: creator.id },
      { stream: fs.createReadStream(fixture("photo-plain.jpg")), filename: "p.jpg" },
    );
    await t.services.media.markAttached([media.id]);
    const memory = await createMemory(t.ds, {
      timelineId: subject.id,
      createdById: creator.id,
      mediaId: media.id,
      privacy,
    });
    out[privacy] = { memory, mediaId: media.id };
  }
  return out;
}

interface MemoryTierOp {
  name: string;
  expected(c: MemoryTierCell): unknown;
  observe(c: MemoryTierCell, agent: Agent): Promise<unknown>;
}
const MEMORY_TIER_READS: MemoryTierOp[] = [
  {
    name: "query memory(id) (its own tier)",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : canSeeMemory(c)),
    async observe(c, agent) {
      const { memory, mediaId } = tierMemoryOf(c);
      const r = await gql(agent, `query($id: ID!) { memory(id: $id) { id cover { id } } }`, { id: memory.id });
      return errorCode(r) ?? r.data?.memory?.cover?.id === mediaId;
    },
  },
  {
    name: "query timeline(id).memories (its own tier)",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : canSeeMemory(c)),
    async observe(c, agent) {
      const r = await gql(agent, `query($id: ID!) { timeline(id: $id) { memories { edges { node { id } } } } }`, {
        id: worldOf(c).subject.id,
      });
      return errorCode(r) ?? ids(r.data?.timeline?.memories).includes(tierMemoryOf(c).memory.id);
    },
  },
  {
    name: "GET /api/memories/:id (its own tier)",
    expected: (c) => (c.role === "anonymous" ? 401 : canSeeMemory(c) ? 200 : 404),
    async observe(c, agent) {
      return (await agent.get(`/api/memories/${tierMemoryOf(c).memory.id}`)).status;
    },
  },
  {
    name: "GET /media/:id/display (its own tier)",
    expected: (c) => (canSeeMemory(c) ? 200 : 404),
    async observe(c, agent) {
      return (await agent.get(t.services.media.signedUrl(tierMemoryOf(c).mediaId, "display"))).status;
    },
  },
  {
    // the count shown to others counts only the memories they may see: the world's two plus its tiers'
    name: "query timeline(id).memoryCount (its memories' own tiers)",
    expected: (c) =>
      c.role === "anonymous"
        ? "UNAUTHENTICATED"
        : !canSee(c)
          ? "not seen"
          : 2 + TIERS.filter((memoryTier) => canSeeMemory({ ...c, memoryTier })).length,
    async observe(c, agent) {
      const r = await gql(agent, `query($id: ID!) { timeline(id: $id) { memoryCount } }`, {
        id: worldOf(c).subject.id,
      });
      return errorCode(r) ?? r.data?.timeline?.memoryCount ?? "not seen";
    },
  },
];

/**
 * A memory's request to widen, as for a timeline's: a fresh copy whose memory is one tier narrower
 * than the timeline (none for a private one) and, once accepted, whose creator asked for the
 * timeline's tier. Only the collaborator answers; the requester is refused; nothing pending is a
 * conflict for the two; anyone else, even one who sees the memory, gets the missing-memory answer.
 */
const NARROWER: Partial<Record<Privacy, Privacy>> = {
  [Privacy.SEMI_PRIVATE]: Privacy.PRIVATE,
  [Privacy.PUBLIC]: Privacy.SEMI_PRIVATE,
};
const memoryWiderPending = (c: Cell) =>
  c.status === TimelineStatus.ACCEPTED && NARROWER[c.privacy] ? c.privacy : null;
async function freshMemoryRequest(c: Cell): Promise<Memory> {
  const { memory } = await freshSubject(c);
  const own = NARROWER[c.privacy] ?? null;
  const pending = memoryWiderPending(c);
  await t.ds.getRepository(Memory).update(
    { id: memory.id },
    {
      privacy: own,
      ...(pending
        ? { pendingPrivacy: pending, privacyRequestedById: memory.createdById, privacyRequestedAt: new Date() }
        : {}),
    },
  );
  return t.ds.getRepository(Memory).findOneByOrFail({ id: memory.id });
}
/** Who sees the fresh request's memory: its tier one narrower than the timeline's. */
const seesRequestMemory = (c: Cell) => canSeeMemory({ ...c, memoryTier: NARROWER[c.privacy] ?? c.privacy });
const memoryAnswerOutcome = (c: Cell) =>
  c.role === "anonymous"
    ? "UNAUTHENTICATED"
    : !isParticipant(c)
      ? "NOT_FOUND"
      : !memoryWiderPending(c)
        ? "CONFLICT"
        : c.role === "creator"
          ? "FORBIDDEN"
          : "OK";
const memoryPrivacyAnswer = (accept: boolean, door: "gql" | "rest"): Op => ({
  name:
    door === "gql"
      ? `mutation respondToMemoryPrivacyChange (accept: ${accept})`
      : `POST /api/memories/:id/privacy/${accept ? "accept" : "decline"}`,
  expected: (c) => ({
    answer: door === "gql" ? memoryAnswerOutcome(c) : STATUS_OF[memoryAnswerOutcome(c)],
    privacy: memoryAnswerOutcome(c) === "OK" && accept ? memoryWiderPending(c) : (NARROWER[c.privacy] ?? null),
    stillPending: memoryAnswerOutcome(c) === "OK" ? null : memoryWiderPending(c),
  }),
  async observe(c, agent) {
    const memory = await freshMemoryRequest(c);
    const tier = memoryWiderPending(c) ?? Privacy.PUBLIC;
    let answer: unknown;
    if (door === "gql") {
      const r = await gql(
        agent,
        `mutation($id: ID!, $a: Boolean!, $p: Privacy) { respondToMemoryPrivacyChange(input: { id: $id, accept: $a, privacy: $p }) { memory { id } } }`,
        { id: memory.id, a: accept, p: gqlTier(tier) },
      );
      answer = errorCode(r) ?? "OK";
    } else {
      answer = (
        await agent.post(`/api/memories/${memory.id}/privacy/${accept ? "accept" : "decline"}`).send({ privacy: tier })
      ).status;
    }
    const row = await t.ds.getRepository(Memory).findOneByOrFail({ id: memory.id });
    return { answer, privacy: row.privacy, stillPending: row.pendingPrivacy };
  },
});
const MEMORY_PRIVACY_WRITES: Op[] = [
  memoryPrivacyAnswer(true, "gql"),
  memoryPrivacyAnswer(false, "gql"),
  memoryPrivacyAnswer(true, "rest"),
  memoryPrivacyAnswer(false, "rest"),
  {
    // one key narrows: either participant, at once
    name: "PUT /api/memories/:id (privacy: private, one key narrows)",
    expected: (c) =>
      isParticipant(c) ? { status: 200, privacy: Privacy.PRIVATE } : { status: restDenial(c), privacy: null },
    async observe(c, agent) {
      const { memory } = await freshSubject(c);
      const res = await agent.put(`/api/memories/${memory.id}`).send({ privacy: "private" });
      return {
        status: res.status,
        privacy: (await t.ds.getRepository(Memory).findOneByOrFail({ id: memory.id })).privacy,
      };
    },
  },
  {
    // two keys widen: back to the timeline's tier waits for the other participant (202) once accepted
    name: "PUT /api/memories/:id (privacy: the timeline's, two keys widen)",
    expected: (c) =>
      !isParticipant(c)
        ? {
            status: c.role === "anonymous" ? 401 : seesRequestMemory(c) ? 403 : 404,
            own: NARROWER[c.privacy] ?? null,
            pending: memoryWiderPending(c),
          }
        : memoryWiderPending(c)
          ? {
              status: c.role === "creator" ? 202 : 200,
              own: c.role === "creator" ? NARROWER[c.privacy]! : c.privacy,
              pending: c.role === "creator" ? c.privacy : null,
            }
          : { status: 200, own: c.privacy, pending: null },
    async observe(c, agent) {
      const memory = await freshMemoryRequest(c);
      // the creator asks again (idempotent); the collaborator asking for it is consent
      const res = await agent.put(`/api/memories/${memory.id}`).send({ privacy: c.privacy });
      const row = await t.ds.getRepository(Memory).findOneByOrFail({ id: memory.id });
      return { status: res.status, own: row.privacy, pending: row.pendingPrivacy };
    },
  },
  {
    // the request is the two participants' business: its tier and its asker, to them only
    name: "field Memory.privacyRequestedBy (and pendingPrivacy, privacy)",
    expected: (c) =>
      c.role === "anonymous"
        ? "UNAUTHENTICATED"
        : !seesRequestMemory(c)
          ? "not seen"
          : isParticipant(c)
            ? {
                by: memoryWiderPending(c) ? "creator" : null,
                pending: memoryWiderPending(c) ? gqlTier(memoryWiderPending(c)!) : null,
                own: NARROWER[c.privacy] ? gqlTier(NARROWER[c.privacy]!) : null,
              }
            : { by: null, pending: null, own: null },
    async observe(c, agent) {
      const memory = await freshMemoryRequest(c);
      const r = await gql(
        agent,
        `query($id: ID!) { memory(id: $id) { privacy pendingPrivacy privacyRequestedBy { id } } }`,
        { id: memory.id },
      );
      if (errorCode(r)) return errorCode(r);
      const m = r.data?.memory;
      if (!m) return "not seen";
      const by = m.privacyRequestedBy?.id;
      return { by: by === memory.createdById ? "creator" : (by ?? null), pending: m.pendingPrivacy, own: m.privacy };
    },
  },
];

// ---- run -------------------------------------------------------------------------------------
const cellName = (c: Cell) => `${c.role} × ${c.privacy} × ${c.status}`;

beforeAll(async () => {
  t = await createTestApp();
  stranger = await createUser(t.ds, { displayName: "Stranger" });
  await connect(t.ds, stranger, await createUser(t.ds));
  for (const privacy of TIERS) {
    for (const status of STATES) {
      const [creator, collaborator, degree1, degree2, degree3] = await Promise.all(
        [1, 2, 3, 4, 5].map(() => createUser(t.ds)),
      );
      await connect(t.ds, creator!, degree1!);
      await connect(t.ds, degree2!, degree1!);
      await connect(t.ds, degree2!, degree3!);
      const subject = await createTimeline(t.ds, {
        createdById: creator!.id,
        collaboratorId: collaborator!.id,
        privacy,
        status,
        title: "Subject",
      });
      const media = await t.services.media.ingest(
        { userId: creator!.id },
        {
          stream: fs.createReadStream(fixture("photo-plain.jpg")),
          filename: "p.jpg",
        },
      );
      await t.services.media.markAttached([media.id]);
      // its caption last changed by the other participant (docs/decisions/037-each-voice-its-authors.md)
      const memory = await createMemory(t.ds, {
        timelineId: subject.id,
        createdById: creator!.id,
        mediaId: media.id,
        memoryDate: ON_THIS_DAY, // so that "On this day" has it to show, or to keep back
        editedById: collaborator!.id,
      });
      const second = await t.services.media.ingest(
        { userId: collaborator!.id },
        { stream: fs.createReadStream(fixture("photo-gps.jpg")), filename: "second.jpg" },
      );
      await t.services.media.markAttached([second.id]);
      await t.ds.query(`INSERT INTO memory_media (memory_id, media_file_id, position) VALUES ($1, $2, 1)`, [
        memory.id,
        second.id,
      ]);
      const video = await t.services.media.ingest(
        { userId: creator!.id },
        { stream: fs.createReadStream(fixture("clip-hevc.mov")), filename: "IMG_0001.MOV" },
      );
      await t.services.media.markAttached([video.id]);
      const videoMemory = await createMemory(t.ds, {
        timelineId: subject.id,
        createdById: creator!.id,
        mediaId: video.id,
      });
      const photo = await t.services.media.ingest(
        { userId: creator!.id },
        {
          stream: fs.createReadStream(fixture("photo-portrait.png")),
          filename: "me.png",
        },
      );
      await t.services.users.updateProfile(t.services.access.viewer(creator!.id), { photoMediaId: photo.id });
      const notification = await createNotification(t.ds, {
        recipientId: collaborator!.id,
        relatedTimelineId: subject.id,
        relatedUserId: creator!.id,
        type: NotificationType.MEMORY_ADDED,
      });
      worlds.set(`${privacy}:${status}`, {
        users: {
          creator: creator!,
          collaborator: collaborator!,
          degree1: degree1!,
          degree2: degree2!,
          degree3: degree3!,
        },
        subject,
        memory,
        mediaId: media.id,
        secondId: second.id,
        videoMemory,
        videoId: video.id,
        photoId: photo.id,
        notificationId: notification.id,
        tierMemories: await memoriesOfEachTier(subject, creator!),
      });
    }
  }
  for (const [from, to] of Object.entries(WIDER) as [Privacy, Privacy][]) {
    const w = worlds.get(`${from}:${TimelineStatus.ACCEPTED}`)!;
    for (const phase of PHASES) {
      const pair = { creator: await createUser(t.ds), collaborator: await createUser(t.ds) };
      await connect(t.ds, pair.creator, w.users.degree1);
      const [creatorA, collaboratorA] = [await signInAs(t, pair.creator), await signInAs(t, pair.collaborator)];
      const subject = await createTimeline(t.ds, {
        createdById: pair.creator.id,
        collaboratorId: pair.collaborator.id,
        privacy: from,
        title: "Widening",
      });
      const media = await t.services.media.ingest(
        { userId: pair.creator.id },
        {
          stream: fs.createReadStream(fixture("photo-plain.jpg")),
          filename: "p.jpg",
        },
      );
      await t.services.media.markAttached([media.id]);
      const memory = await createMemory(t.ds, {
        timelineId: subject.id,
        createdById: pair.creator.id,
        mediaId: media.id,
      });
      await creatorA.put(`/api/timelines/${subject.id}`).send({ privacy: to }).expect(202);
      if (phase !== "held") {
        await collaboratorA
          .post(`/api/timelines/${subject.id}/privacy/${phase === "accepted" ? "accept" : "decline"}`)
          .send({ privacy: to })
          .expect(200);
      }
      pendingWorlds.set(`${from}:${phase}`, { pair, subject, memory, mediaId: media.id });
    }
  }
}, 180_000);
afterAll(() => t.close());

describe("authorization matrix: reads", () => {
  describe.each([...READS, ...RELATIONS].map((op) => [op.name, op] as const))("%s", (_name, op) => {
    it.each(CELLS.map((c) => [cellName(c), c] as const))("%s", async (_cell, c) => {
      expect(await op.observe(c, await agentOf(c))).toEqual(op.expected(c));
    });
  });
});

describe("authorization matrix: writes", () => {
  describe.each([...WRITES, ...ACCOUNT_WRITES, ...OWN_DATA, ...PRESENCE].map((op) => [op.name, op] as const))(
    "%s",
    (_name, op) => {
      it.each(CELLS.map((c) => [cellName(c), c] as const))("%s", async (_cell, c) => {
        expect(await op.observe(c, await agentOf(c))).toEqual(op.expected(c));
      });
    },
  );
});

describe("authorization matrix: the waiting page and what is new", () => {
  describe.each(WAITING_AND_NEW.map((op) => [op.name, op] as const))("%s", (_name, op) => {
    it.each(CELLS.map((c) => [cellName(c), c] as const))("%s", async (_cell, c) => {
      expect(await op.observe(c, await agentOf(c))).toEqual(op.expected(c));
    });
  });
});

describe("authorization matrix: answers to a request to widen", () => {
  describe.each(PRIVACY_ANSWERS.map((op) => [op.name, op] as const))("%s", (_name, op) => {
    it.each(CELLS.map((c) => [cellName(c), c] as const))("%s", async (_cell, c) => {
      expect(await op.observe(c, await agentOf(c))).toEqual(op.expected(c));
    });
  });
});

describe("authorization matrix: a memory's own tier", () => {
  const memoryCellName = (c: MemoryTierCell) => `${c.role} × ${c.privacy} × ${c.status} × memory ${c.memoryTier}`;
  describe.each(MEMORY_TIER_READS.map((op) => [op.name, op] as const))("%s", (_name, op) => {
    it.each(MEMORY_TIER_CELLS.map((c) => [memoryCellName(c), c] as const))("%s", async (_cell, c) => {
      expect(await op.observe(c, await agentOf(c))).toEqual(op.expected(c));
    });
  });
  describe.each(MEMORY_PRIVACY_WRITES.map((op) => [op.name, op] as const))("%s", (_name, op) => {
    it.each(CELLS.map((c) => [cellName(c), c] as const))("%s", async (_cell, c) => {
      expect(await op.observe(c, await agentOf(c))).toEqual(op.expected(c));
    });
  });
});

describe("authorization matrix: a wider tier pending", () => {
  const pendingCellName = (c: PendingCell) => `${c.role} × ${c.from} → ${c.to} × ${c.phase}`;
  describe.each(PENDING_READS.map((op) => [op.name, op] as const))("%s", (_name, op) => {
    it.each(PENDING_CELLS.map((c) => [pendingCellName(c), c] as const))("%s", async (_cell, c) => {
      const pair = pendingWorldOf(c).pair;
      const participant = c.role === "creator" || c.role === "collaborator" ? pair[c.role] : null;
      const agent = participant ? await signInAs(t, participant) : await agentOf(asCell(c, c.from));
      expect(await op.observe(c, agent)).toEqual(op.expected(c));
    });
  });
  it("people 3 degrees away are denied a semi-private timeline with public pending, allowed after accept", () => {
    const far = (phase: Phase) =>
      pendingCanSee({ role: "degree3", from: Privacy.SEMI_PRIVATE, to: Privacy.PUBLIC, phase });
    expect([far("held"), far("accepted"), far("declined")]).toEqual([false, true, false]);
  });
});

// ---- highlights (docs/decisions/053-highlights.md): the creator features the subject's memory -------
/** The creator's highlights hold the subject's memory (once per world). */
const featured = new Map<string, Promise<void>>();
function creatorFeatures(c: Cell): Promise<void> {
  const key = `${c.privacy}:${c.status}`;
  let done = featured.get(key);
  if (!done) {
    const w = worldOf(c);
    done = t.ds
      .query(`INSERT INTO highlights (user_id, memory_id, position) VALUES ($1, $2, 1) ON CONFLICT DO NOTHING`, [
        w.users.creator.id,
        w.memory.id,
      ])
      .then(() => undefined);
    featured.set(key, done);
  }
  return done;
}
/** One's own timelines: the creator's, and the collaborator's once accepted; anyone else gets a 400. */
const mayFeature = (c: Cell) =>
  c.role === "creator" || (c.role === "collaborator" && c.status === TimelineStatus.ACCEPTED);
/** A write cell starts from no highlights, so what it finds afterwards is its own doing. */
const featureNothing = async (c: Cell) => {
  const viewer = viewerOf(c);
  if (viewer) await t.ds.query(`DELETE FROM highlights WHERE user_id = $1`, [viewer.id]);
};
const featuresSubject = async (c: Cell) => {
  const viewer = viewerOf(c);
  if (!viewer) return false;
  const rows = await t.ds.query(`SELECT 1 FROM highlights WHERE user_id = $1 AND memory_id = $2`, [
    viewer.id,
    worldOf(c).memory.id,
  ]);
  return rows.length > 0;
};
const HIGHLIGHTS: Op[] = [
  {
    name: "field User.highlights (the creator's, through user(identifier))",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : canSee(c) ? "seen" : "not seen"),
    async observe(c, agent) {
      await creatorFeatures(c);
      const w = worldOf(c);
      const r = await gql(agent, `query($i: String!) { user(identifier: $i) { highlights { id } } }`, {
        i: w.users.creator.username,
      });
      return errorCode(r) ?? (ids(r.data?.user?.highlights ?? []).includes(w.memory.id) ? "seen" : "not seen");
    },
  },
  {
    name: "GET /api/users/:identifier/highlights",
    expected: (c) => (c.role === "anonymous" ? 401 : canSee(c) ? "seen" : "not seen"),
    async observe(c, agent) {
      await creatorFeatures(c);
      const w = worldOf(c);
      const res = await agent.get(`/api/users/${w.users.creator.username}/highlights`);
      if (res.status === 401) return 401;
      return res.status === 200 && ids(res.body).includes(w.memory.id) ? "seen" : "not seen";
    },
  },
  {
    name: "mutation setHighlights (the subject's memory)",
    expected: (c) => ({
      code: signedOutOr("gql", mayFeature(c) ? "OK" : "BAD_USER_INPUT")(c),
      featured: mayFeature(c),
    }),
    async observe(c, agent) {
      await featureNothing(c);
      const r = await gql(agent, `mutation($ids: [ID!]!) { setHighlights(memoryIds: $ids) { user { id } } }`, {
        ids: [worldOf(c).memory.id],
      });
      return { code: errorCode(r) ?? "OK", featured: await featuresSubject(c) };
    },
  },
  {
    name: "PUT /api/users/me/highlights (the subject's memory)",
    expected: (c) => ({ status: signedOutOr("rest", mayFeature(c) ? 200 : 400)(c), featured: mayFeature(c) }),
    async observe(c, agent) {
      await featureNothing(c);
      const res = await agent.put("/api/users/me/highlights").send({ memory_ids: [worldOf(c).memory.id] });
      return { status: res.status, featured: await featuresSubject(c) };
    },
  },
];

describe("authorization matrix: highlights", () => {
  describe.each(HIGHLIGHTS.map((op) => [op.name, op] as const))("%s", (_name, op) => {
    it.each(CELLS.map((c) => [cellName(c), c] as const))("%s", async (_cell, c) => {
      expect(await op.observe(c, await agentOf(c))).toEqual(op.expected(c));
    });
  });
});

// ---- the matrix against what the app registers ----------------------------------------------
// ---- presence (docs/decisions/035-presence.md): each person's own preferences, devices and digest --
/** Today's month and day (UTC, the default zone) two years ago: the subject memory's date. */
const ON_THIS_DAY = (() => {
  const d = new Date();
  return `${d.getUTCFullYear() - 2}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
})();
/** A browser's push subscription, unique per call (the keys' sizes are what the server checks). */
function pushSubscription() {
  const ecdh = crypto.createECDH("prime256v1");
  return {
    endpoint: `http://127.0.0.1:9/push/${crypto.randomUUID()}`,
    keys: { p256dh: ecdh.generateKeys().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") },
  };
}
const subscriberOf = async (endpoint: string) =>
  (
    (await t.ds.query(`SELECT user_id FROM push_subscriptions WHERE endpoint = $1`, [endpoint])) as {
      user_id: string;
    }[]
  )[0]?.user_id ?? null;
/** A subscription of the collaborator's own, straight in the table. */
async function collaboratorSubscription(c: Cell): Promise<string> {
  const s = pushSubscription();
  await t.ds.query(`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)`, [
    worldOf(c).users.collaborator.id,
    s.endpoint,
    s.keys.p256dh,
    s.keys.auth,
  ]);
  return s.endpoint;
}
/** The collaborator's preferences row's last change, to the microsecond ("none" before any). */
const preferencesStamp = async (c: Cell) =>
  (
    (await t.ds.query(`SELECT updated_at::text AS at FROM notification_preferences WHERE user_id = $1`, [
      worldOf(c).users.collaborator.id,
    ])) as { at: string }[]
  )[0]?.at ?? "none";
/** The collaborator's digest turned on (daily), and their one-click unsubscribe URL. */
async function collaboratorDigestDaily(c: Cell): Promise<{ who: string; url: URL }> {
  const who = worldOf(c).users.collaborator.id;
  await t.ds.query(
    `INSERT INTO notification_preferences (user_id, email_digest) VALUES ($1, 'daily')
     ON CONFLICT (user_id) DO UPDATE SET email_digest = 'daily'`,
    [who],
  );
  return { who, url: new URL(t.services.digest.unsubscribeUrl(who)) };
}
const digestOf = async (userId: string) =>
  (
    (await t.ds.query(`SELECT email_digest FROM notification_preferences WHERE user_id = $1`, [userId])) as {
      email_digest: string;
    }[]
  )[0]!.email_digest;
/** Muting a timeline: only one the asker may see (else 400 naming the field). */
const muteAnswer = (c: Cell, ok: unknown, refused: unknown) => (canSee(c) ? ok : refused);

const PRESENCE: Op[] = [
  {
    name: "GET /api/users/me/notification-preferences",
    expected: signedOutOr("rest", 200),
    async observe(_c, agent) {
      return (await agent.get("/api/users/me/notification-preferences")).status;
    },
  },
  {
    name: "PUT /api/users/me/notification-preferences (one's own; mutes only a timeline one may see)",
    expected: (c) => ({
      status: c.role === "anonymous" ? 401 : muteAnswer(c, 200, 400),
      collaboratorChanged: c.role === "collaborator",
    }),
    async observe(c, agent) {
      const before = await preferencesStamp(c);
      const res = await agent
        .put("/api/users/me/notification-preferences")
        .send({ digest_hour: 7, muted_timeline_ids: [worldOf(c).subject.id] });
      return { status: res.status, collaboratorChanged: (await preferencesStamp(c)) !== before };
    },
  },
  {
    name: "query notificationPreferences",
    expected: signedOutOr("gql", "OK"),
    async observe(_c, agent) {
      const r = await gql(agent, `{ notificationPreferences { push emailDigest digestHour } }`);
      return errorCode(r) ?? "OK";
    },
  },
  {
    name: "mutation updateNotificationPreferences (one's own; mutes only a timeline one may see)",
    expected: (c) => ({
      code: c.role === "anonymous" ? "UNAUTHENTICATED" : muteAnswer(c, "OK", "BAD_USER_INPUT"),
      collaboratorChanged: c.role === "collaborator",
    }),
    async observe(c, agent) {
      const before = await preferencesStamp(c);
      const r = await gql(
        agent,
        `mutation ($input: NotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { digestHour } }`,
        { input: { digestHour: 8, mutedTimelineIds: [worldOf(c).subject.id] } },
      );
      return { code: errorCode(r) ?? "OK", collaboratorChanged: (await preferencesStamp(c)) !== before };
    },
  },
  {
    // one's own digest only; the stranger asks in every world, so a repeat within the minute is 429
    name: "POST /api/users/me/digest/preview (one's own)",
    expected: signedOutOr("rest", "queued"),
    async observe(_c, agent) {
      const res = await agent.post("/api/users/me/digest/preview");
      return res.status === 202 || res.status === 429 ? "queued" : res.status;
    },
  },
  {
    name: "mutation sendDigestPreview (one's own)",
    expected: signedOutOr("gql", "queued"),
    async observe(_c, agent) {
      const code = errorCode(await gql(agent, `mutation { sendDigestPreview }`));
      return code === undefined || code === "RATE_LIMITED" ? "queued" : code;
    },
  },
  {
    name: "GET /api/memories/on-this-day (the asker's own timelines only)",
    expected: (c) => (c.role === "anonymous" ? 401 : isParticipant(c) ? "shown" : "kept back"),
    async observe(c, agent) {
      const res = await agent.get("/api/memories/on-this-day");
      if (res.status !== 200) return res.status;
      return ids(res.body).includes(worldOf(c).memory.id) ? "shown" : "kept back";
    },
  },
  {
    name: "query onThisDay (the asker's own timelines only)",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : isParticipant(c) ? "shown" : "kept back"),
    async observe(c, agent) {
      const r = await gql<{ onThisDay: { id: string }[] }>(agent, `{ onThisDay { id } }`);
      if (errorCode(r)) return errorCode(r);
      return r.data!.onThisDay.some((m) => m.id === worldOf(c).memory.id) ? "shown" : "kept back";
    },
  },
  {
    name: "GET /api/push/public-key (the server's public key, the same for everyone)",
    expected: () => 200,
    async observe(_c, agent) {
      return (await agent.get("/api/push/public-key")).status;
    },
  },
  {
    name: "query pushPublicKey (the same for everyone)",
    expected: () => "a key",
    async observe(_c, agent) {
      const r = await gql<{ pushPublicKey: string | null }>(agent, `{ pushPublicKey }`);
      return typeof r.data?.pushPublicKey === "string" ? "a key" : (errorCode(r) ?? null);
    },
  },
  {
    name: "POST /api/push/subscriptions (for the asker only)",
    expected: (c) => (c.role === "anonymous" ? 401 : "the asker's"),
    async observe(c, agent) {
      const sub = pushSubscription();
      const res = await agent.post("/api/push/subscriptions").send(sub);
      if (res.status !== 201) return res.status;
      return (await subscriberOf(sub.endpoint)) === viewerOf(c)!.id ? "the asker's" : "someone else's";
    },
  },
  {
    name: "mutation subscribePush (for the asker only)",
    expected: (c) => (c.role === "anonymous" ? "UNAUTHENTICATED" : "the asker's"),
    async observe(c, agent) {
      const sub = pushSubscription();
      const r = await gql(agent, `mutation ($input: PushSubscriptionInput!) { subscribePush(input: $input) }`, {
        input: sub,
      });
      if (errorCode(r)) return errorCode(r);
      return (await subscriberOf(sub.endpoint)) === viewerOf(c)!.id ? "the asker's" : "someone else's";
    },
  },
  {
    name: "DELETE /api/push/subscriptions (only one's own, even with another's endpoint)",
    expected: (c) => ({ status: signedOutOr("rest", 200)(c), removed: c.role === "collaborator" }),
    async observe(c, agent) {
      const endpoint = await collaboratorSubscription(c);
      const res = await agent.delete("/api/push/subscriptions").send({ endpoint });
      return { status: res.status, removed: (await subscriberOf(endpoint)) === null };
    },
  },
  {
    name: "mutation unsubscribePush (only one's own, even with another's endpoint)",
    expected: (c) => ({ code: signedOutOr("gql", "OK")(c), removed: c.role === "collaborator" }),
    async observe(c, agent) {
      const endpoint = await collaboratorSubscription(c);
      const r = await gql(agent, `mutation ($e: String!) { unsubscribePush(endpoint: $e) }`, { e: endpoint });
      return { code: errorCode(r) ?? "OK", removed: (await subscriberOf(endpoint)) === null };
    },
  },
  {
    // RFC 8058: the signed token, not the session, says whose digest stops; a GET changes nothing
    name: "GET /api/digest/unsubscribe (changes nothing)",
    expected: () => ({ status: 200, digest: "daily" }),
    async observe(c, agent) {
      const { who, url } = await collaboratorDigestDaily(c);
      const res = await agent.get(url.pathname + url.search);
      return { status: res.status, digest: await digestOf(who) };
    },
  },
  {
    name: "POST /api/digest/unsubscribe (the token's person only, whoever sends it)",
    expected: () => ({ status: 200, digest: "off", forged: 400 }),
    async observe(c, agent) {
      const { who, url } = await collaboratorDigestDaily(c);
      const res = await agent.post(url.pathname + url.search).set("Accept", "application/json");
      // the token with its first character changed (a data character, never padding): refused
      const token = url.searchParams.get("token")!;
      const forgedToken = (token.startsWith("a") ? "b" : "a") + token.slice(1);
      const forged = await agent.post(`${url.pathname}?token=${encodeURIComponent(forgedToken)}`);
      return { status: res.status, digest: await digestOf(who), forged: forged.status };
    },
  },
];

/**
 * The waiting page and what is new (docs/decisions/055-reminders-invite-links-and-new-marks.md):
 * a reminder and an invite link are the creator's of a waiting proposal only (an answered one is
 * CONFLICT); an invite link opens for its invited person only, anyone else changes nothing; a
 * visit is stored for a participant only, and a timeline one may not see is NOT_FOUND.
 */
const isWaitingCreator = (c: Cell) => c.role === "creator" && c.status === TimelineStatus.PENDING;
const waitingGql = (c: Cell) =>
  isWaitingCreator(c)
    ? { code: "OK", effect: true }
    : {
        code: c.role === "creator" ? "CONFLICT" : c.role === "collaborator" ? "FORBIDDEN" : gqlDenial(c),
        effect: false,
      };
const waitingRest = (ok: number) => (c: Cell) =>
  isWaitingCreator(c)
    ? { status: ok, effect: true }
    : { status: c.role === "creator" ? 409 : c.role === "collaborator" ? 403 : restDenial(c), effect: false };
const reminded = async (s: { timeline: Timeline }) =>
  ((await t.ds.query(`SELECT 1 FROM rate_limits WHERE key = $1`, [`timeline-remind:${s.timeline.id}`])) as unknown[])
    .length > 0;
const linkMade = async (s: { timeline: Timeline }) =>
  ((await t.ds.query(`SELECT 1 FROM timeline_invite_links WHERE timeline_id = $1`, [s.timeline.id])) as unknown[])
    .length > 0;
/** An invite link to the cell's fresh copy, made for its collaborator; `used()` reads it afterwards. */
async function freshInviteLink(c: Cell) {
  const { timeline } = await freshSubject(c);
  const token = crypto.randomBytes(32).toString("base64url");
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  await t.ds.query(
    `INSERT INTO timeline_invite_links (timeline_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '7 days')`,
    [timeline.id, hash],
  );
  const used = async () =>
    (
      (await t.ds.query(`SELECT 1 FROM timeline_invite_links WHERE timeline_id = $1 AND used_at IS NOT NULL`, [
        timeline.id,
      ])) as unknown[]
    ).length > 0;
  const collaboratorNow = async () =>
    (await t.ds.getRepository(Timeline).findOneByOrFail({ id: timeline.id })).collaboratorId ===
    worldOf(c).users.collaborator.id;
  return { timeline, token, used, collaboratorNow };
}
const openExpected = (gqlOrRest: "gql" | "rest") => (c: Cell) =>
  c.role === "collaborator"
    ? { answer: gqlOrRest === "gql" ? "OK" : 200, used: true, collaboratorKept: true }
    : {
        answer:
          c.role === "anonymous"
            ? gqlOrRest === "gql"
              ? "UNAUTHENTICATED"
              : 401
            : gqlOrRest === "gql"
              ? "FORBIDDEN"
              : 403,
        used: false,
        collaboratorKept: true,
      };
const visitStored = async (s: { timeline: Timeline }) =>
  ((await t.ds.query(`SELECT 1 FROM timeline_visits WHERE timeline_id = $1`, [s.timeline.id])) as unknown[]).length > 0;
const visitExpected = (gqlOrRest: "gql" | "rest") => (c: Cell) => {
  const ok = gqlOrRest === "gql" ? "OK" : 200;
  if (c.role === "anonymous") return { answer: gqlOrRest === "gql" ? "UNAUTHENTICATED" : 401, effect: false };
  if (!canSee(c)) return { answer: gqlOrRest === "gql" ? "NOT_FOUND" : 404, effect: false };
  return { answer: ok, effect: isParticipant(c) };
};
const WAITING_AND_NEW: Op[] = [
  gqlWrite(
    "mutation remindCollaborator",
    (a, s) =>
      gql(a, `mutation($id: ID!) { remindCollaborator(timelineId: $id) { remindableAt } }`, { id: s.timeline.id }),
    reminded,
    waitingGql,
  ),
  restWrite(
    "POST /api/timelines/:id/remind",
    (a, s) => a.post(`/api/timelines/${s.timeline.id}/remind`),
    reminded,
    waitingRest(200),
  ),
  gqlWrite(
    "mutation createInviteLink",
    (a, s) => gql(a, `mutation($id: ID!) { createInviteLink(timelineId: $id) { url } }`, { id: s.timeline.id }),
    linkMade,
    waitingGql,
  ),
  restWrite(
    "POST /api/timelines/:id/invite-link",
    (a, s) => a.post(`/api/timelines/${s.timeline.id}/invite-link`),
    linkMade,
    waitingRest(201),
  ),
  {
    name: "mutation openInviteLink (the invited person only; nobody takes their place)",
    expected: openExpected("gql"),
    async observe(c, agent) {
      const link = await freshInviteLink(c);
      const r = await gql(agent, `mutation($t: String!) { openInviteLink(token: $t) { timeline { id } } }`, {
        t: link.token,
      });
      return { answer: errorCode(r) ?? "OK", used: await link.used(), collaboratorKept: await link.collaboratorNow() };
    },
  },
  {
    name: "POST /api/invite-links/open (the invited person only; nobody takes their place)",
    expected: openExpected("rest"),
    async observe(c, agent) {
      const link = await freshInviteLink(c);
      const res = await agent.post("/api/invite-links/open").send({ token: link.token });
      return { answer: res.status, used: await link.used(), collaboratorKept: await link.collaboratorNow() };
    },
  },
  {
    name: "mutation markTimelineVisited",
    expected: visitExpected("gql"),
    async observe(c, agent) {
      const s = await freshSubject(c);
      const r = await gql(agent, `mutation($id: ID!) { markTimelineVisited(timelineId: $id) { timeline { id } } }`, {
        id: s.timeline.id,
      });
      return { answer: errorCode(r) ?? "OK", effect: await visitStored(s) };
    },
  },
  {
    name: "POST /api/timelines/:id/visit",
    expected: visitExpected("rest"),
    async observe(c, agent) {
      const s = await freshSubject(c);
      const res = await agent.post(`/api/timelines/${s.timeline.id}/visit`);
      return { answer: res.status, effect: await visitStored(s) };
    },
  },
  {
    // the viewer's own marks: a participant's count; anyone else who may see it, 0; no one else reads it
    name: "field Timeline.newMemoryCount and Memory.isNew",
    expected: (c) =>
      c.role === "anonymous"
        ? "UNAUTHENTICATED"
        : !canSee(c)
          ? null
          : { someNew: c.role === "collaborator", isNew: c.role === "collaborator" },
    async observe(c, agent) {
      const r = await gql(
        agent,
        `query($id: ID!) { timeline(id: $id) { newMemoryCount memories(first: 1) { edges { node { isNew } } } } }`,
        { id: worldOf(c).subject.id },
      );
      if (errorCode(r)) return errorCode(r);
      const tl = r.data!.timeline as Json;
      if (!tl) return null;
      return { someNew: tl.newMemoryCount > 0, isNew: nodes(tl.memories)[0]?.isNew ?? null };
    },
  },
];

const ENTRIES = [
  ...READS,
  ...RELATIONS,
  ...WRITES,
  ...ACCOUNT_WRITES,
  ...OWN_DATA,
  ...PRESENCE,
  ...PRIVACY_ANSWERS,
  ...PENDING_READS,
  ...HIGHLIGHTS,
  ...WAITING_AND_NEW,
  ...MEMORY_TIER_READS,
  ...MEMORY_PRIVACY_WRITES,
];
const hasEntry = (prefix: string) =>
  ENTRIES.some((o) => o.name === prefix || o.name.startsWith(`${prefix} `) || o.name.startsWith(`${prefix}?`));

/** Routes and fields that are not the matrix's subject, and why. */
const NOT_IN_MATRIX: Record<string, string> = {
  "GET /readyz": "readiness probe: answers only whether the database is reachable",
  "GET /livez": "liveness probe: carries no data",
};
const isSignIn = (key: string) =>
  (key.startsWith("POST /api/auth/") && key !== "POST /api/auth/logout-everywhere") ||
  key.startsWith("GET /api/auth/") ||
  /^mutation (requestSignInLink|verifySignIn|confirmSignIn|signInWithCode|signOut)$/.test(key);
/** Entries whose name is not the route itself (the media URL is checked per variant and kind). */
const ROUTE_ENTRY: Record<string, string> = { "GET /media/:id/:variant": "GET /media/:id/display" };
/**
 * Relation and private fields whose cells are part of another entry (the entry's query goes
 * through the field and asserts on what it returns).
 */
const FIELD_ENTRY: Record<string, string> = {
  "Memory.media": "query memory(id)",
  "Memory.cover": "query memory(id)",
  "Timeline.memories": "query timeline(id).memories",
  "Timeline.collaboratorEmail": "query timeline(id).collaboratorEmail",
  "Relationship.otherUser": "query relationships(creator)",
  "User.email": "query user(collaborator).email",
  "AccessOtherUser.email": "field TimelineAccess.otherUser",
  // a frequency, not an address: the preferences' own cells
  "NotificationPreferences.emailDigest": "query notificationPreferences",
  "TimelineAudience.known": "query timelineAudience(id)",
  // connection wrappers (docs/decisions/024-paged-reads.md) carry the rows their list field read:
  // the cells of that list cover them
  "MemoryConnection.edges": "query timeline(id).memories",
  "MemoryConnection.pageInfo": "query timeline(id).memories",
  "MemoryEdge.node": "query timeline(id).memories",
  "NotificationConnection.edges": "query notifications",
  "NotificationConnection.pageInfo": "query notifications",
  "NotificationEdge.node": "query notifications",
  "TimelineConnection.edges": "query timelines (own list)",
  "TimelineConnection.pageInfo": "query timelines (own list)",
  "TimelineEdge.node": "query timelines (own list)",
};
/** A person's profile fields, shown to every signed-in person (docs/product.md §2 PublicProfile). */
const PUBLIC_PROFILE = new Set(["id", "username", "displayName", "fullName", "bio", "profilePhotoUrl", "createdAt"]);

/**
 * The fields that need cells: every relation (a field whose value is an object), every field that
 * can carry an e-mail address, and every field of User that is not a public profile field.
 * A payload's fields are its mutation's answer (that mutation's cells); SignInPayload is the
 * sign-in tests' subject.
 */
function fieldsNeedingCells(types: GraphQLObjectType[]): string[] {
  const out: string[] = [];
  for (const type of types) {
    if (type.name.startsWith("__") || ["Query", "Mutation", "Subscription"].includes(type.name)) continue;
    if (type.name.endsWith("Payload")) continue;
    for (const field of Object.values(type.getFields())) {
      const relation = isObjectType(getNamedType(field.type));
      const privateField = /email/i.test(field.name) || (type.name === "User" && !PUBLIC_PROFILE.has(field.name));
      if (relation || privateField) out.push(`${type.name}.${field.name}`);
    }
  }
  return out.sort();
}

describe("the matrix itself", () => {
  it("every registered REST route has its cells", () => {
    const missing: string[] = [];
    const routes = registeredRoutes(t.app).map((r) => `${r.method} ${r.path}`);
    for (const key of routes) {
      if (isSignIn(key) || NOT_IN_MATRIX[key]) continue;
      if (!hasEntry(ROUTE_ENTRY[key] ?? key)) missing.push(`${key} has no cells in the authorization matrix`);
    }
    expect(missing).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });

  it("every relation field and private field of the schema has its cells", async () => {
    const schema = await getSchema();
    const types = Object.values(schema.getTypeMap()).filter(isObjectType);
    const fields = fieldsNeedingCells(types);
    const missing = fields
      .filter((f) => !hasEntry(FIELD_ENTRY[f] ?? `field ${f}`))
      .map((f) => `${f} has no cells in the authorization matrix`);
    expect(missing).toEqual([]);
    for (const f of ["Memory.timeline", "Timeline.memories", "Timeline.createdBy", "Notification.relatedUser"]) {
      expect(fields).toContain(f);
    }
  });

  it("covers every query and mutation of the schema (sign-in mutations are the auth tests' subject)", async () => {
    const schema = await getSchema();
    const names = ENTRIES.map((o) => o.name);
    const signIn = new Set(["requestSignInLink", "verifySignIn", "confirmSignIn", "signInWithCode", "signOut"]);
    const missing: string[] = [];
    for (const field of Object.keys(schema.getQueryType()!.getFields())) {
      if (!names.some((n) => n.startsWith(`query ${field}`)))
        missing.push(`query ${field} has no cells in the authorization matrix`);
    }
    for (const field of Object.keys(schema.getMutationType()!.getFields())) {
      if (!signIn.has(field) && !names.some((n) => n.startsWith(`mutation ${field}`)))
        missing.push(`mutation ${field} has no cells in the authorization matrix`);
    }
    expect(missing).toEqual([]);
    expect(CELLS).toHaveLength(7 * 3 * 2);
    console.log(
      `[authz-matrix] ${ENTRIES.length} entries × ${CELLS.length} cells = ${ENTRIES.length * CELLS.length} assertions`,
    );
  });
});
