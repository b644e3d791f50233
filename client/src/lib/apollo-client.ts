import { ApolloClient, ApolloLink, InMemoryCache, type TypePolicies } from "@apollo/client";
import { relayStylePagination } from "@apollo/client/utilities";
import UploadHttpLink from "apollo-upload-client/UploadHttpLink.mjs";
import { OperationTypeNode } from "graphql";
import { throwError } from "rxjs";
import { notifyOffline } from "./notify";
import { OFFLINE_ACTION_MESSAGE } from "./use-online";

/**
 * Cache policies. Every entity type has an `id`, which is Apollo's default key. The lists are
 * Relay connections read in pages (docs/decisions/024-paged-reads.md): each page a screen reads
 * with `fetchMore({ variables: { after } })` joins the pages already cached, kept apart by the
 * arguments that choose the list (whose profile, which order), not by `first`/`after`.
 */
export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      timelines: relayStylePagination(),
      userTimelines: relayStylePagination(["identifier"]),
      profileMemories: relayStylePagination(["identifier"]),
      notifications: relayStylePagination(),
    },
  },
  // a new choice of highlights replaces the list (docs/decisions/053-highlights.md)
  User: { keyFields: ["id"], fields: { highlights: { merge: false } } },
  Timeline: { keyFields: ["id"], fields: { memories: relayStylePagination(["order"]) } },
  Memory: { keyFields: ["id"] },
  Notification: { keyFields: ["id"] },
};

export interface ApolloClientOptions {
  /** GraphQL endpoint; "/graphql" on the app's own origin. */
  uri?: string;
  /** A fetch implementation (tests). */
  fetch?: typeof fetch;
}

/**
 * Offline, a change cannot reach the server: it fails at once with a message saying so (and a
 * toast), instead of a spinner and a generic failure (docs/decisions/020-offline-and-feedback.md).
 * Queries go on and fail over to what the cache holds.
 */
export const offlineMutationLink = new ApolloLink((operation, forward) => {
  if (operation.operationType === OperationTypeNode.MUTATION && typeof navigator !== "undefined" && !navigator.onLine) {
    notifyOffline();
    return throwError(() => new Error(OFFLINE_ACTION_MESSAGE));
  }
  return forward(operation);
});

export function createApolloClient({ uri = "/graphql", fetch }: ApolloClientOptions = {}): ApolloClient {
  const http = new UploadHttpLink({
    uri,
    credentials: "same-origin",
    // Apollo Server's CSRF prevention rejects multipart and GET requests without it (docs/decisions/012-stack-and-decorators.md P13).
    headers: { "Apollo-Require-Preflight": "true" },
    ...(fetch ? { fetch } : {}),
  });
  return new ApolloClient({
    link: ApolloLink.from([offlineMutationLink, http]),
    cache: new InMemoryCache({ typePolicies }),
    devtools: { enabled: import.meta.env.DEV },
  });
}
