import { ApolloClient, ApolloLink, InMemoryCache, type DocumentNode } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { ViewTimelineScreen } from "../app/routes/view-timeline/view-timeline-screen";
import { ViewTimelineDocument } from "../gql/graphql";
import { typePolicies } from "../lib/apollo-client";
import type { SessionCheckResult } from "../lib/session";
import { SessionUserProvider } from "../lib/session-user";

/**
 * The signed-in first screen rendered on the server (docs/decisions/042-strip-rendered-by-the-server.md):
 * built into a Node module of its own (vite.ssr.config.ts) that the server loads
 * (server/src/web/first-screen-render.ts). With the answers the server already put in the page
 * for the session's person (the session check and the screen's first query), it renders the
 * screen's own components, so the page's first paint is the screen itself, with its first
 * images, before any of the app's scripts has run; the app then renders the same markup in the
 * same place (client/src/lib/first-screen.tsx keeps it until then).
 *
 * Only screens whose first query comes with the page are here; anything else gets null (the page
 * keeps its plain mark).
 */
export interface FirstScreenInput {
  /** the request's path, e.g. "/app/view-timeline" */
  pathname: string;
  /** its query string, with the "?" */
  search: string;
  /** the session check's answer */
  session: SessionCheckResult;
  /** the first query's name, variables and answer (client/build/first-screens.ts) */
  query: { name: string; variables: Record<string, unknown>; data: Record<string, unknown> };
}

interface ScreenOf {
  document: DocumentNode;
  /** the screen; null when the answer makes the app go elsewhere (it renders no screen of its own) */
  render(data: Record<string, unknown>): ReactNode | null;
}

/**
 * The timelines list is not here: its largest paint is already the heading the server writes
 * (client/build/first-screens.ts), and its cards' photos requested before the first paint made
 * Lighthouse's estimate of that paint later (docs/decisions/042-strip-rendered-by-the-server.md).
 */
const SCREENS: Record<string, ScreenOf> = {
  "/app/view-timeline": {
    document: ViewTimelineDocument,
    // null: the app sends the person to the access page (view-timeline-screen.tsx)
    render: (data) => (data.timeline ? <ViewTimelineScreen /> : null),
  },
};

/**
 * The layout's markup around a screen (app/routes/app-layout.tsx), marked as the server's first
 * screen. It is a picture of the screen until the app renders it: `inert`, so a tap on a button
 * before then is not lost on markup without its handlers (the tap waits for the app's own button).
 */
function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="app-column" data-theme="teal" data-first-screen="" inert>
      <main className="app-main">{children}</main>
    </div>
  );
}

/** The markup of `#root` for this first screen, or null when there is none to paint. */
export function renderFirstScreen(input: FirstScreenInput): string | null {
  const screen = SCREENS[input.pathname.replace(/\/+$/, "")];
  if (!screen || !input.session.isAuthenticated) return null;
  const content = screen.render(input.query.data);
  if (!content) return null;
  // The app's cache policies, without a network: the screen reads exactly the answer in the page.
  const client = new ApolloClient({
    cache: new InMemoryCache({ typePolicies }),
    link: ApolloLink.empty(),
    ssrMode: true,
  });
  client.writeQuery({ query: screen.document, variables: input.query.variables, data: input.query.data });
  return renderToString(
    <ApolloProvider client={client}>
      <StaticRouter location={`${input.pathname}${input.search}`}>
        <SessionUserProvider user={input.session.user}>
          <Layout>{content}</Layout>
        </SessionUserProvider>
      </StaticRouter>
    </ApolloProvider>,
  );
}
