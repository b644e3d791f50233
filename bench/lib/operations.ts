/**
 * The reads the bench measures: GraphQL documents (shaped like the screens' needs) and their REST
 * façade equivalents, with a body check for each (GraphQL answers 200 with `errors`: every
 * response body is parsed and checked, never just the status).
 */
import type { Fixture } from "./fixtures.js";
import type { Json } from "./util.js";

const USER = "id username displayName profilePhotoUrl";

const PAGE = "pageInfo { hasNextPage endCursor }";
const MEMORY =
  "id position caption location memoryDate meaning canEdit createdBy { id displayName } cover { id type width height url thumbUrl posterUrl }";

/** Lists are Relay connections (docs/decisions/024-paged-reads.md): the documents read one page, as the screens do. */
export const DOCS = {
  timeline: `query BenchTimeline($id: ID!) { timeline(id: $id) { id title status privacy isActive lastActivity memoryCount isParticipant canRespond createdBy { ${USER} } collaborator { ${USER} } memories(first: 30) { edges { cursor node { ${MEMORY} } } ${PAGE} } } }`,
  timelines: `query BenchTimelines { timelines(first: 30) { edges { cursor node { id title status privacy isActive lastActivity memoryCount previewImages isParticipant canRespond collaboratorEmail createdBy { ${USER} } collaborator { ${USER} } } } ${PAGE} } }`,
  unread: `query BenchUnread { unreadNotificationCount }`,
  notifications: `query BenchNotifications { notifications(first: 50) { edges { cursor node { id type message isRead createdAt relatedTimelineId actionUrl relatedUser { ${USER} } } } ${PAGE} } }`,
  relationships: `query BenchRelationships { relationships { otherUser { ${USER} } memoryCount isActive timelineTitle } }`,
  profileMemories: `query BenchProfileMemories { profileMemories(first: 30) { edges { cursor node { id caption memoryDate cover { id thumbUrl } } } ${PAGE} } }`,
} as const;

/** The page sizes of the documents above (a fixture's list may be longer: one page is read). */
export const PAGES = { memories: 30, timelines: 30, notifications: 50 } as const;
const pageOf = (n: number, size: number) => Math.min(n, size);
/** REST lists answer pages of `limit` (default 100, server/src/http/paging.ts). */
const REST_PAGE = 100;

export type Check = (body: string) => "ok" | "error" | "mismatch";

/** Parses a GraphQL answer: `errors` → error; `pick(data)` must hold, else mismatch. */
function gqlCheck(pick: (data: Json) => boolean): Check {
  return (body) => {
    let parsed: Json;
    try {
      parsed = JSON.parse(body);
    } catch {
      return "mismatch";
    }
    if (parsed.errors) return "error";
    return parsed.data && pick(parsed.data) ? "ok" : "mismatch";
  };
}

function jsonCheck(pick: (json: Json) => boolean): Check {
  return (body) => {
    try {
      return pick(JSON.parse(body)) ? "ok" : "mismatch";
    } catch {
      return "mismatch";
    }
  };
}

export interface Read {
  name: string;
  kind: "graphql" | "rest";
  method: "GET" | "POST";
  path: string;
  body?: string;
  check: Check;
  /** For the SQL count: how the list size scales with the fixture. */
  listSize: (f: Fixture) => number;
}

const gql = (
  name: string,
  doc: string,
  variables: Record<string, unknown>,
  check: Check,
  listSize: Read["listSize"],
): Read => ({
  name,
  kind: "graphql",
  method: "POST",
  path: "/graphql",
  body: JSON.stringify({ query: doc, variables }),
  check,
  listSize,
});

const rest = (name: string, path: string, check: Check, listSize: Read["listSize"]): Read => ({
  name,
  kind: "rest",
  method: "GET",
  path,
  check,
  listSize,
});

/** Every read, for one fixture (its viewer's own data). */
export function readsFor(f: Fixture): Read[] {
  const s = f.sizes;
  return [
    gql(
      "gql timeline(id)",
      DOCS.timeline,
      { id: f.mainTimelineId },
      gqlCheck((d) => d.timeline?.memories?.edges?.length === pageOf(s.mainMemories, PAGES.memories)),
      () => s.mainMemories,
    ),
    gql(
      "gql timelines",
      DOCS.timelines,
      {},
      gqlCheck((d) => d.timelines?.edges?.length === pageOf(s.timelines, PAGES.timelines)),
      () => s.timelines,
    ),
    gql(
      "gql unreadNotificationCount",
      DOCS.unread,
      {},
      gqlCheck((d) => d.unreadNotificationCount === s.unread),
      () => s.unread,
    ),
    gql(
      "gql notifications",
      DOCS.notifications,
      {},
      gqlCheck((d) => d.notifications?.edges?.length === pageOf(s.notifications, PAGES.notifications)),
      () => s.notifications,
    ),
    gql(
      "gql relationships",
      DOCS.relationships,
      {},
      gqlCheck((d) => d.relationships?.length === s.partners),
      () => s.partners,
    ),
    gql(
      "gql profileMemories",
      DOCS.profileMemories,
      {},
      gqlCheck((d) => Array.isArray(d.profileMemories?.edges) && d.profileMemories.edges.length > 0),
      () => s.mainMemories,
    ),
    rest(
      "REST GET /api/timelines/:id",
      `/api/timelines/${f.mainTimelineId}`,
      jsonCheck((j) => j.id === f.mainTimelineId),
      () => 1,
    ),
    rest(
      "REST GET /api/memories/filter",
      `/api/memories/filter?timeline_id=${f.mainTimelineId}`,
      jsonCheck((j) => j.length === pageOf(s.mainMemories, REST_PAGE)),
      () => s.mainMemories,
    ),
    rest(
      "REST GET /api/timelines",
      "/api/timelines",
      jsonCheck((j) => j.length === pageOf(s.timelines, REST_PAGE)),
      () => s.timelines,
    ),
    rest(
      "REST GET /api/notifications/unread-count",
      "/api/notifications/unread-count",
      jsonCheck((j) => j.count === s.unread),
      () => s.unread,
    ),
    rest(
      "REST GET /api/notifications",
      "/api/notifications",
      jsonCheck((j) => j.length === pageOf(s.notifications, REST_PAGE)),
      () => s.notifications,
    ),
    rest(
      "REST GET /api/user-relationships/my-relationships",
      "/api/user-relationships/my-relationships",
      jsonCheck((j) => j.length === s.partners),
      () => s.partners,
    ),
  ];
}

/** The reads a visitor (2 degrees away, not a participant) makes of the semi-private main timeline. */
export function visitorReadsFor(f: Fixture): Read[] {
  const s = f.sizes;
  return [
    gql(
      "gql timeline(id) as visitor",
      DOCS.timeline,
      { id: f.mainTimelineId },
      gqlCheck((d) => d.timeline?.memories?.edges?.length === pageOf(s.mainMemories, PAGES.memories)),
      () => s.mainMemories,
    ),
    rest(
      "REST GET /api/memories/filter as visitor",
      `/api/memories/filter?timeline_id=${f.mainTimelineId}`,
      jsonCheck((j) => j.length === pageOf(s.mainMemories, REST_PAGE)),
      () => s.mainMemories,
    ),
  ];
}

/** Names of the reads that the bare baseline also serves (load test pairs). */
export const BARE_READS = new Set([
  "gql timeline(id)",
  "gql timelines",
  "gql unreadNotificationCount",
  "gql notifications",
  "REST GET /api/timelines/:id",
  "REST GET /api/memories/filter",
  "REST GET /api/timelines",
  "REST GET /api/notifications/unread-count",
  "REST GET /api/notifications",
]);
