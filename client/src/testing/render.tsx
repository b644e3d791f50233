import { ApolloClient, InMemoryCache } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { MockLink } from "@apollo/client/testing";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from "react-router-dom";
import { AppToaster } from "../components/ui/toaster";
import { typePolicies } from "../lib/apollo-client";
import type { SessionUser } from "../lib/session";
import { SessionUserProvider } from "../lib/session-user";
import { signedInUser } from "./mock-session";

/**
 * The one way client tests render: a memory data router inside an Apollo provider whose client
 * has the app's cache policies over a MockLink. `renderRoute` renders a route table (the app's
 * own, from app/router); `renderScreen` renders one signed-in screen without the auth gate.
 */

export interface RenderOptions {
  /** Mocked GraphQL answers (Apollo's MockLink); an operation without one fails like a network error. */
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  /** A ready client instead of `mocks`. */
  client?: ApolloClient;
  /** Warn about operations without a mock. */
  showWarnings?: boolean;
  /** Entries before the start in the history (so "go back" has somewhere to go). */
  history?: string[];
}

export interface RenderScreenOptions extends RenderOptions {
  /** The route pattern of the screen (default "/"). */
  path?: string;
  /** Where the memory router starts (default `path`). */
  at?: string;
  /** The session user below the (skipped) auth gate; null = "Database not available". */
  user?: SessionUser | null;
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

function renderInRouter(routes: RouteObject[], at: string, options: RenderOptions, showWarnings: boolean) {
  const client = options.client ?? createTestApolloClient(options.mocks ?? [], { showWarnings });
  const router = createMemoryRouter(routes, { initialEntries: [...(options.history ?? []), at] });
  const view = render(
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  return { router, client, cache: client.cache, ...view };
}

/**
 * Renders a route table (pass the app's `routes` from app/router) in memory at `path`. Warns
 * about operations without a mock only when mocks are given: the bottom navigation's unread
 * count asks on every signed-in screen.
 */
export function renderRoute(path: string, routes: RouteObject[], options: RenderOptions = {}) {
  return renderInRouter(routes, path, options, options.showWarnings ?? Boolean(options.mocks));
}

/** Shows where a navigation ended, for routes other than the screen's. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders one signed-in screen without the auth gate: the session user, and a memory data
 * router in which every other path renders a probe showing the location.
 */
export function renderScreen(screen: ReactNode, options: RenderScreenOptions = {}) {
  const path = options.path ?? "/";
  const user = options.user === undefined ? signedInUser : options.user;
  // Like the app's root layout, a toaster outlives the screen (a save confirms, then navigates).
  const routes: RouteObject[] = [
    {
      element: (
        <>
          <Outlet />
          <AppToaster />
        </>
      ),
      children: [
        { path, element: <SessionUserProvider user={user}>{screen}</SessionUserProvider> },
        { path: "*", element: <LocationProbe /> },
      ],
    },
  ];
  return renderInRouter(routes, options.at ?? path, options, options.showWarnings ?? true);
}

/**
 * A screen test's `render(mocks, at)`: `screen` at its route `path`, starting at `at`. The
 * defaults: where it starts (e.g. the path with the ids the mocks answer for) and mocks every
 * test of the screen needs, after the test's own (so a test's own answer is matched first).
 * `options` adds history or a user.
 */
export function screenRenderer(
  screen: ReactNode,
  path: string,
  defaults: { at?: string; mocks?: ReadonlyArray<MockLink.MockedResponse> } = {},
) {
  return (
    mocks: ReadonlyArray<MockLink.MockedResponse> = [],
    at = defaults.at ?? path,
    options: Omit<RenderScreenOptions, "path" | "at" | "mocks"> = {},
  ) => renderScreen(screen, { ...options, path, at, mocks: [...mocks, ...(defaults.mocks ?? [])] });
}

/** The path and query the router is at. */
export function locationOf(router: { state: { location: { pathname: string; search: string } } }): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}
