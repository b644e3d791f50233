import { InMemoryCache } from "@apollo/client";
import type { MockLink } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from "react-router-dom";
import type { SessionUser } from "../../auth/api/check-session";
import { SessionUserProvider } from "../../auth/session-context";
import { typePolicies } from "../../../lib/apollo-client";
import { signedInUser } from "../../../testing/mock-session";

interface RenderWithMocksOptions {
  /** The screen's route pattern, e.g. "/app/view-timeline". */
  path: string;
  /** Where the router starts, e.g. "/app/view-timeline?id=t-1" (default `path`). */
  at?: string;
  /** Entries before `at` in the history (so "go back" has somewhere to go). */
  history?: string[];
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  cache?: InMemoryCache;
  user?: SessionUser | null;
}

/** Shows where a navigation ended (any path other than the screen's). */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders one signed-in screen below the auth gate with Apollo's MockedProvider (the app's cache
 * policies) and a memory data router; other paths render a probe with the location.
 */
export function renderWithMocks(screen: ReactNode, options: RenderWithMocksOptions) {
  const cache = options.cache ?? new InMemoryCache({ typePolicies });
  const user = options.user === undefined ? signedInUser : options.user;
  const routes: RouteObject[] = [
    { path: options.path, element: <SessionUserProvider user={user}>{screen}</SessionUserProvider> },
    { path: "*", element: <LocationProbe /> },
  ];
  const router = createMemoryRouter(routes, {
    initialEntries: [...(options.history ?? []), options.at ?? options.path],
  });
  const view = render(
    <MockedProvider mocks={options.mocks ?? []} cache={cache} mockLinkDefaultOptions={{ delay: 0 }}>
      <RouterProvider router={router} />
    </MockedProvider>,
  );
  return { router, cache, ...view };
}

/** The path and query the router is at. */
export function locationOf(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
