import { ApolloClient, ApolloLink, InMemoryCache, type TypePolicies } from "@apollo/client";
import UploadHttpLink from "apollo-upload-client/UploadHttpLink.mjs";
import { OperationTypeNode } from "graphql";
import { throwError } from "rxjs";
import { notifyOffline } from "./notify";
import { OFFLINE_ACTION_MESSAGE } from "./use-online";

/**
 * Cache policies. Every entity type has an `id`, which is Apollo's default key, so these are
 * mostly a place to add field policies (pagination, merges) as screens need them.
 */
export const typePolicies: TypePolicies = {
  Query: {
    fields: {},
  },
  User: { keyFields: ["id"] },
  Timeline: { keyFields: ["id"] },
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
