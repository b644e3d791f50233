import type { ApolloClient } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import type { MockLink } from "@apollo/client/testing";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from "react-router-dom";
import type { SessionUser } from "../features/auth/api/check-session";
import { SessionUserProvider } from "../features/auth/session-context";
import { signedInUser } from "./mock-session";
import { createTestApolloClient } from "./render-route";

export interface RenderScreenOptions {
  /** The route pattern of the screen (default "/"). */
  path?: string;
  /** Where the memory router starts (default `path`). */
  at?: string;
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  client?: ApolloClient;
  /** The session user below the (skipped) auth gate; null = "Database not available". */
  user?: SessionUser | null;
}

/** Shows where a navigation ended, for routes other than the screen's. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders one signed-in screen without the auth gate: a memory data router (other paths render
 * a probe showing the location), the session user, and an Apollo client over `mocks`.
 */
export function renderScreen(screen: ReactNode, options: RenderScreenOptions = {}) {
  const path = options.path ?? "/";
  const client = options.client ?? createTestApolloClient(options.mocks ?? []);
  const user = options.user === undefined ? signedInUser : options.user;
  const routes: RouteObject[] = [
    { path, element: <SessionUserProvider user={user}>{screen}</SessionUserProvider> },
    { path: "*", element: <LocationProbe /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.at ?? path] });
  const view = render(
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  return { router, client, ...view };
}
