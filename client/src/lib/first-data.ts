import type { ApolloClient, DocumentNode } from "@apollo/client";
import { TimelinesDocument, ViewTimelineDocument } from "../gql/graphql";
import { markPrimed } from "./prefetched";
import { primeSession, type SessionCheckResult } from "./session";

/**
 * The first screen's data that the server put into the page for the signed-in person
 * (server/src/web/first-data.ts, docs/decisions/029-first-load-and-shell.md): the session check's
 * answer and the screen's first query's answer. Written into the app before the router starts, so
 * the session loader and the screen read them instead of asking the server: no round trip and no
 * loading state on the first screen. Only a page from the network has it; the service worker's
 * copy of index.html never does.
 */
export interface FirstData {
  session: SessionCheckResult;
  query: { name: string; variables: Record<string, unknown>; data: Record<string, unknown> } | null;
}

/** The queries a first screen may carry, by operation name (client/build/first-screens.ts). */
const DOCUMENTS: Record<string, DocumentNode> = {
  Timelines: TimelinesDocument,
  ViewTimeline: ViewTimelineDocument,
};

/** Reads (once: the element is removed) the page's embedded first data, or null. */
export function takeFirstData(doc: Document = document): FirstData | null {
  const element = doc.getElementById("first-data");
  if (!element) return null;
  element.remove();
  try {
    const value = JSON.parse(element.textContent ?? "") as Partial<FirstData> | null;
    return value && typeof value === "object" && value.session ? (value as FirstData) : null;
  } catch {
    return null;
  }
}

/**
 * The session check answers from `first.session` once, and the first query's answer is in the
 * cache with its loader told not to ask again (./prefetched.ts).
 */
export function primeFirstData(client: ApolloClient, first: FirstData): void {
  primeSession(first.session);
  const query = first.query;
  const document = query ? DOCUMENTS[query.name] : undefined;
  if (!query || !document) return;
  client.writeQuery({ query: document, variables: query.variables, data: query.data });
  markPrimed(document, query.variables);
}
