import { addTypenameToDocument } from "@apollo/client/utilities";
import { print, type DocumentNode } from "graphql";
import type { Plugin } from "vite";
import { TimelinesDocument, ViewTimelineDocument } from "../src/gql/graphql";

/**
 * The signed-in first screens that the server sends with their own HTML
 * (docs/decisions/029-first-load-and-shell.md): for each path, the screen's module (its chunks are
 * preloaded from the build manifest, so they load beside the entry instead of after it) and,
 * where the screen's top does not depend on data, the markup painted before any script runs.
 *
 * The markup holds no one's data (the same for every signed-in person) and uses only the global
 * classes of the render-blocking stylesheet (src/styles/global.css). Its texts are the screen's
 * own (`timelines-screen.tsx`); src/app/routes/timelines/timelines-first-screen.test.tsx checks that
 * they agree.
 */
export interface FirstScreen {
  /** the screen's module, as the build manifest names it */
  module: string;
  /** what #root holds until React renders the screen (none: the static mark of index.html) */
  html?: string;
  /**
   * The screen's first query, which the server runs for the session's person and embeds in the
   * HTML (server/src/web/first-data.ts): its text, and each variable's query-string parameter.
   */
  query?: { name: string; document: string; variables: Record<string, string> };
}

/** The query as the app sends it: Apollo's cache adds `__typename` everywhere, so the answer is normalized alike. */
const asSent = (document: DocumentNode) => print(addTypenameToDocument(document));

export const TIMELINES_TITLE = "Your Timelines";
export const TIMELINES_SUBTITLE = "Collaborative memories with those who matter most";

const timelinesShell =
  `<div class="app-column" data-theme="teal" data-first-screen><main class="app-main">` +
  `<header class="screen-header"><h1 class="screen-title">${TIMELINES_TITLE}</h1>` +
  `<p class="screen-subtitle">${TIMELINES_SUBTITLE}</p></header></main></div>`;

const timelines: FirstScreen = {
  module: "src/app/routes/timelines/timelines-screen.tsx",
  html: timelinesShell,
  query: { name: "Timelines", document: asSent(TimelinesDocument), variables: {} },
};

export const firstScreens: Record<string, FirstScreen> = {
  "/app": timelines,
  "/app/timelines": timelines,
  "/app/view-timeline": {
    module: "src/app/routes/view-timeline/view-timeline-screen.tsx",
    query: { name: "ViewTimeline", document: asSent(ViewTimelineDocument), variables: { id: "id" } },
  },
};

/** Where the build writes them for the server (beside the manifest; dot folders are never served). */
export const FIRST_SCREENS_FILE = ".vite/first-screens.json";

export function firstScreensFile(): Plugin {
  return {
    name: "keepsake:first-screens",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: FIRST_SCREENS_FILE, source: JSON.stringify(firstScreens, null, 2) });
    },
  };
}
