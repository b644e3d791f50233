import type { ApolloClient, DocumentNode, OperationVariables } from "@apollo/client";
import type { LoaderFunctionArgs } from "react-router-dom";
import { TimelinesDocument, ViewTimelineDocument } from "../gql/graphql";
import { markPrefetched, takePrimed } from "../lib/prefetched";

/**
 * Route loaders that start a screen's first query at navigation, beside the session check and the
 * screen's code (docs/decisions/020-offline-and-feedback.md). They do not wait for it: the screen's
 * own query joins the request in flight (Apollo deduplicates identical operations) or reads its
 * answer from the cache, without asking again (../lib/prefetched.ts). A failure is the screen's to show when it asks again.
 */
function prefetch(client: ApolloClient | undefined, query: DocumentNode, variables?: OperationVariables): void {
  if (!client) return;
  markPrefetched(query, variables);
  // the page brought the answer, already in the cache (../lib/first-data.ts)
  if (takePrimed(query, variables)) return;
  // In the next task: Apollo's first work on a query (its document, the link chain) is then not
  // part of the router's start, one long task at boot (docs/decisions/040-boot-in-short-tasks.md).
  setTimeout(() => void client.query({ query, variables, fetchPolicy: "network-only" }).catch(() => undefined), 0);
}

export function prefetchTimelines(client?: ApolloClient) {
  return () => {
    prefetch(client, TimelinesDocument);
    return null;
  };
}

export function prefetchViewTimeline(client?: ApolloClient) {
  return ({ request }: LoaderFunctionArgs) => {
    const id = new URL(request.url).searchParams.get("id")?.trim();
    if (id) prefetch(client, ViewTimelineDocument, { id });
    return null;
  };
}
