import { ApolloClient, InMemoryCache } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { MockLink } from "@apollo/client/testing";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { routes as appRoutes } from "../app/router";
import { typePolicies } from "../lib/apollo-client";

export interface RenderRouteOptions {
  /** Mocked GraphQL answers (Apollo's MockLink); unmatched operations fail like a network error. */
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  /** A ready client instead of `mocks`. */
  client?: ApolloClient;
  /** Warn about operations without a mock (default: only when mocks are given). */
  showWarnings?: boolean;
}

/** An Apollo client for tests: the app's cache policies over a MockLink answering after 0 ms. */
export function createTestApolloClient(
  mocks: ReadonlyArray<MockLink.MockedResponse> = [],
  { showWarnings = true }: { showWarnings?: boolean } = {},
): ApolloClient {
  return new ApolloClient({
    cache: new InMemoryCache({ typePolicies }),
    link: new MockLink(mocks, { showWarnings, defaultOptions: { delay: 0 } }),
  });
}

/**
 * Renders the app's real route table (or `routes`) in memory at `path`, inside an Apollo
 * provider (the screens and the bottom navigation's unread count use GraphQL).
 */
export function renderRoute(path: string, routes: RouteObject[] = appRoutes, options: RenderRouteOptions = {}) {
  const client =
    options.client ??
    createTestApolloClient(options.mocks ?? [], { showWarnings: options.showWarnings ?? Boolean(options.mocks) });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  return { router, client, ...view };
}
