import { ApolloClient, InMemoryCache, type TypePolicies } from "@apollo/client";
import UploadHttpLink from "apollo-upload-client/UploadHttpLink.mjs";

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

export function createApolloClient({ uri = "/graphql", fetch }: ApolloClientOptions = {}): ApolloClient {
  return new ApolloClient({
    link: new UploadHttpLink({
      uri,
      credentials: "same-origin",
      // Apollo Server's CSRF prevention rejects multipart and GET requests without it (docs/decisions/012-stack-and-decorators.md P13).
      headers: { "Apollo-Require-Preflight": "true" },
      ...(fetch ? { fetch } : {}),
    }),
    cache: new InMemoryCache({ typePolicies }),
    devtools: { enabled: import.meta.env.DEV },
  });
}
