import type { ApolloClient } from "@apollo/client";
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { redirectSignedIn } from "../features/auth/redirect-signed-in";
import { createSessionLoader } from "../features/auth/session-loader";
import { FirstScreenFallback } from "../lib/first-screen";
import { importWithReload } from "../lib/stale-chunk";
import { keepInviteFromUrl } from "../lib/pending-invite";
import { AppLayout } from "./routes/app-layout";
import { BareLayout } from "./routes/bare-layout";
import { ExternalPage } from "./routes/external-page";
import { RedirectKeepingQuery } from "./routes/redirect-keeping-query";
import { RootLayout } from "./routes/root-layout";
import { RouteErrorScreen } from "./routes/route-error/route-error-screen";
import { prefetchTimelines, prefetchViewTimeline } from "./prefetch";

/**
 * Route-level code splitting: a screen module is loaded when its route is first matched. A chunk
 * of a previous build (after a deploy) reloads the page once (../lib/stale-chunk.ts).
 */
function screen<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await importWithReload(load))[name] });
}

const timelines = screen(() => import("./routes/timelines/timelines-screen"), "TimelinesScreen");

/** The session is checked once per document (and again after a sign-in), not on every navigation. */
const checkedOnce = () => false;

/**
 * The whole route table of docs/product.md §2. The landing page (/), /privacy and /terms are separate
 * HTML documents served by the server; the app only links to them.
 *
 * With the app's Apollo `client`, the loaders start the first screen's data together with the
 * session check and keep the cache for offline use (docs/decisions/020-offline-and-feedback.md);
 * without one (tests), they check the session only.
 */
export function createRoutes({ client }: { client?: ApolloClient } = {}): RouteObject[] {
  const sessionLoader = createSessionLoader(client);
  const timelinesLoader = prefetchTimelines(client);
  return [
    {
      id: "root",
      Component: RootLayout,
      // Until the first screen is ready: the heading the server painted, else a spinner (../lib/first-screen.tsx).
      HydrateFallback: FirstScreenFallback,
      // Routing failures and screens that fail to load (docs/product.md §8): our screen, never React Router's developer page.
      ErrorBoundary: RouteErrorScreen,
      children: [
        {
          path: "login",
          loader: redirectSignedIn,
          lazy: screen(() => import("./routes/login/login-screen"), "LoginScreen"),
        },
        { path: "auth/verify", lazy: screen(() => import("./routes/verify/verify-screen"), "VerifyScreen") },
        {
          path: "app",
          Component: AppLayout,
          loader: sessionLoader,
          shouldRevalidate: checkedOnce,
          children: [
            { index: true, loader: timelinesLoader, lazy: timelines },
            { path: "timelines", loader: timelinesLoader, lazy: timelines },
            { path: "memories", lazy: screen(() => import("./routes/memories/memories-screen"), "MemoriesScreen") },
            { path: "updates", lazy: screen(() => import("./routes/updates/updates-screen"), "UpdatesScreen") },
            { path: "profile", lazy: screen(() => import("./routes/profile/profile-screen"), "ProfileScreen") },
            {
              path: "create-timeline",
              lazy: screen(() => import("./routes/create-timeline/create-timeline-screen"), "CreateTimelineScreen"),
            },
            {
              path: "view-timeline",
              loader: prefetchViewTimeline(client),
              lazy: screen(() => import("./routes/view-timeline/view-timeline-screen"), "ViewTimelineScreen"),
            },
            {
              path: "add-memory",
              lazy: screen(() => import("./routes/add-memory/add-memory-screen"), "AddMemoryScreen"),
            },
            {
              path: "add-many",
              lazy: screen(() => import("./routes/add-many/add-many-screen"), "AddManyScreen"),
            },
            {
              path: "share-target",
              lazy: screen(() => import("./routes/share-target/share-target-screen"), "ShareTargetScreen"),
            },
            {
              path: "edit-memory",
              lazy: screen(() => import("./routes/edit-memory/edit-memory-screen"), "EditMemoryScreen"),
            },
            {
              path: "edit-profile",
              lazy: screen(() => import("./routes/edit-profile/edit-profile-screen"), "EditProfileScreen"),
            },
            {
              path: "notifications",
              lazy: screen(
                () => import("./routes/notification-settings/notification-settings-screen"),
                "NotificationSettingsScreen",
              ),
            },
            {
              path: "timeline-settings",
              lazy: screen(
                () => import("./routes/timeline-settings/timeline-settings-screen"),
                "TimelineSettingsScreen",
              ),
            },
            {
              // an invite link (docs/decisions/055-reminders-invite-links-and-new-marks.md): its token is
              // kept before the sign-in gate, so a sign-in that follows lands back here
              path: "invite",
              loader: keepInviteFromUrl,
              lazy: screen(() => import("./routes/invite/invite-screen"), "InviteScreen"),
            },
            {
              path: "timeline-access-denied",
              lazy: screen(
                () => import("./routes/timeline-access-denied/timeline-access-denied-screen"),
                "TimelineAccessDeniedScreen",
              ),
            },
          ],
        },
        // Signed in, but without the app's bottom navigation (docs/product.md §2).
        {
          path: "app/public-profile",
          Component: BareLayout,
          loader: sessionLoader,
          shouldRevalidate: checkedOnce,
          children: [
            {
              index: true,
              lazy: screen(() => import("./routes/public-profile/public-profile-screen"), "PublicProfileScreen"),
            },
          ],
        },
        // The spec also writes the access-denied path without /app.
        { path: "timeline-access-denied", element: <RedirectKeepingQuery to="/app/timeline-access-denied" /> },
        { path: "privacy", element: <ExternalPage href="/privacy" label="Privacy Policy" /> },
        { path: "terms", element: <ExternalPage href="/terms" label="Terms of Service" /> },
        // An unknown screen resolves to /app (docs/product.md §2).
        { path: "*", element: <Navigate to="/app" replace /> },
      ],
    },
  ];
}

/** The route table without an Apollo client (tests render it with their own). */
export const routes: RouteObject[] = createRoutes();

export function createAppRouter(client: ApolloClient) {
  return createBrowserRouter(createRoutes({ client }));
}
