import { ApolloProvider } from "@apollo/client/react";
import { useState, type ReactNode } from "react";
import { createApolloClient } from "../lib/apollo-client";
import type { ApolloClient } from "@apollo/client";

interface AppProviderProps {
  children: ReactNode;
  /** A ready client (tests); by default one is created for the app's lifetime. */
  client?: ApolloClient;
}

/** App-wide providers. The router sits inside, so every screen can use GraphQL hooks. */
export function AppProvider({ children, client }: AppProviderProps) {
  const [ownClient] = useState(() => client ?? createApolloClient());
  return <ApolloProvider client={ownClient}>{children}</ApolloProvider>;
}
