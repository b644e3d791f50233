import type { ApolloCache } from "@apollo/client";
import { isConnection, withEdges, type CachedField } from "../../../lib/cache-updates";

/**
 * Cache updates after the notification mutations (no refetching): the unread count, the read
 * flags, and the timelines list after a rejected proposal.
 */

/** Adds `delta` to the cached unread count (never below 0). */
export function adjustUnreadCount(cache: ApolloCache, delta: number): void {
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      unreadNotificationCount: (value: number) => Math.max(0, value + delta),
    },
  });
}

/** One notification turned read (an answered proposal): its flag and the count. */
export function markReadInCache(cache: ApolloCache, notificationId: string): void {
  cache.modify({
    id: cache.identify({ __typename: "Notification", id: notificationId }),
    fields: { isRead: () => true },
  });
  adjustUnreadCount(cache, -1);
}

/** A proposal answered in this app: its notice shows the outcome from now on. */
export function setProposalStatusInCache(cache: ApolloCache, notificationId: string, status: "ACCEPTED" | "REJECTED") {
  cache.modify({
    id: cache.identify({ __typename: "Notification", id: notificationId }),
    fields: { proposalStatus: () => status },
  });
}

/**
 * What "Mark all as read" can mark (docs/product.md §4): everything unread except proposals still
 * waiting for an answer, which keep Accept/Reject. `unread` is the server's count; the proposals
 * are counted in the loaded list.
 */
export function markableCount(unread: number, notifications: readonly Waiting[]): number {
  const waiting = notifications.filter((n) => !n.isRead && waitsForAnswer(n)).length;
  return Math.max(0, unread - waiting);
}

type Waiting = { isRead: boolean; type: string; privacyRequestState?: string | null; proposalStatus?: string | null };

/** A proposal or a request to widen, still waiting for its answer: "mark read" leaves it unread. */
export function waitsForAnswer(n: Omit<Waiting, "isRead">): boolean {
  if (n.type === "TIMELINE_PROPOSAL") return !n.proposalStatus || n.proposalStatus === "PENDING";
  return n.privacyRequestState === "OPEN";
}

/**
 * After "Mark all as read": the server marks everything except proposals still waiting for an
 * answer (they keep Accept/Reject, docs/product.md §4), and answers how many changed.
 */
export function markAllReadInCache(cache: ApolloCache, changed: number): void {
  const toMark = cachedNotificationRefs(cache, (field) => {
    const waiting = waitsForAnswer({
      type: field<string>("type") ?? "",
      privacyRequestState: field<string | null>("privacyRequestState"),
      proposalStatus: field<string | null>("proposalStatus"),
    });
    return !field<boolean>("isRead") && !waiting;
  });
  for (const id of toMark) cache.modify({ id, fields: { isRead: () => true } });
  adjustUnreadCount(cache, -changed);
}

export type NodeField = <T>(name: string) => T | undefined;

/**
 * The cache ids of the notifications read so far (every page of the cached connection) that
 * `pick` selects; a read-only pass, the callers then modify what it found.
 */
export function cachedNotificationRefs(cache: ApolloCache, pick: (field: NodeField) => boolean): string[] {
  const refs: string[] = [];
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      notifications(existing: CachedField, { readField }) {
        if (!isConnection(existing)) return existing;
        for (const { node } of existing.edges) {
          if (pick(<T>(name: string) => readField<T>(name, node))) refs.push(node.__ref);
        }
        return existing;
      },
    },
  });
  return refs;
}

/** A rejected timeline leaves the own timelines list (the server lists only pending and accepted). */
export function removeTimelineFromLists(cache: ApolloCache, timelineId: string): void {
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      timelines: (existing: CachedField, { readField }) =>
        withEdges(existing, (edges) => edges.filter((edge) => readField("id", edge.node) !== timelineId)),
    },
  });
}
