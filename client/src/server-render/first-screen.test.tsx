import { screen } from "@testing-library/react";
import type { DocumentNode } from "@apollo/client";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { ViewTimelineScreen } from "../app/routes/view-timeline/view-timeline-screen";
import { viewedTimeline } from "../app/testing/view-timeline-cache";
import { aMemory } from "../features/memories/testing/memory-mocks";
import { ViewTimelineDocument } from "../gql/graphql";
import { connectionOf } from "../testing/connection";
import { signedInUser } from "../testing/mock-session";
import { createTestApolloClient, renderScreen } from "../testing/render";
import { renderFirstScreen, type FirstScreenInput } from "./first-screen";

function viewData(overrides: Record<string, unknown> = {}) {
  const memories = [
    aMemory(),
    aMemory({
      id: "m-2",
      caption: "First coffee",
      memoryDate: "2023-12-24",
      location: "Porto",
      meaning: "",
      canEdit: false,
      media: { id: "media-2", url: "/media/media-2/display", thumbUrl: "/media/media-2/thumb" },
    }),
    aMemory({
      id: "m-3",
      caption: "",
      memoryDate: "2022-06-01",
      media: {
        id: "media-3",
        type: "VIDEO",
        url: "/media/media-3/video",
        thumbUrl: null,
        posterUrl: "/media/media-3/poster",
      },
    }),
  ];
  return {
    timeline: viewedTimeline(memories, {
      memories: connectionOf("Memory", memories, { hasNextPage: true }),
      ...overrides,
    }),
  };
}

const input = (data: Record<string, unknown>, more: Partial<FirstScreenInput> = {}): FirstScreenInput => ({
  pathname: "/app/view-timeline",
  search: "?id=t-1",
  session: { isAuthenticated: true, user: signedInUser },
  query: { name: "ViewTimeline", variables: { id: "t-1" }, data },
  ...more,
});

/**
 * A DOM written out alike whichever way it was made: attributes in name order (React's client
 * sets an image's src last), inline styles as the browser writes them, no comments (React's server
 * puts them between adjacent texts), adjacent texts as one.
 */
function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (node.nodeType !== Node.ELEMENT_NODE) return "";
  const element = node as HTMLElement;
  if (element.hasAttribute("style")) element.setAttribute("style", element.style.cssText);
  const attributes = [...element.attributes]
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
    .join(" ");
  const tag = element.tagName.toLowerCase();
  return `<${tag} ${attributes}>${[...element.childNodes].map(canonical).join("")}</${tag}>`;
}
const normalized = (root: ParentNode) => [...root.children].map(canonical);

const VIEW_SCREEN = {
  element: <ViewTimelineScreen />,
  path: "/app/view-timeline",
  at: "/app/view-timeline?id=t-1",
  query: ViewTimelineDocument,
  variables: { id: "t-1" },
};

/** The server's `main` for `data` next to the app's screen rendered from the same answer in the cache. */
async function bothRenders(
  data: Record<string, unknown>,
  app: {
    element: ReactElement;
    path: string;
    at: string;
    query: DocumentNode;
    variables: Record<string, unknown>;
  },
  heading: string,
) {
  const page = document.createElement("template");
  page.innerHTML = renderFirstScreen(
    input(data, {
      pathname: app.path,
      search: app.at.slice(app.path.length),
      query: { name: "", variables: app.variables, data },
    }),
  )!;
  const client = createTestApolloClient([], { showWarnings: false });
  client.writeQuery({ query: app.query, variables: app.variables, data });
  const { container } = renderScreen(app.element, { path: app.path, at: app.at, client });
  await screen.findByRole("heading", { level: 1, name: heading });
  const rendered = document.createElement("div");
  // the screen's own nodes, without the toaster the test harness adds beside it
  for (const node of container.children)
    if (!node.matches("section[aria-label^='Notifications']")) rendered.append(node.cloneNode(true));
  return { server: normalized(page.content.querySelector("main.app-main")!), app: normalized(rendered) };
}

describe("the first screen rendered on the server (server-render/first-screen.tsx)", () => {
  it("renders the timeline's header and its strip with the first images, marked as the server's", () => {
    const html = renderFirstScreen(input(viewData()))!;
    const page = document.createElement("template");
    page.innerHTML = html;
    const column = page.content.querySelector("[data-first-screen]")!;
    // a picture of the screen until the app renders it: nothing in it takes a tap or the focus
    expect(column.hasAttribute("inert")).toBe(true);
    expect(column.querySelector("h1")!.textContent).toBe("Summer in Lisbon");
    expect(column.textContent).toContain("3 memories");
    const images = [...column.querySelectorAll("img")].map((image) => image.getAttribute("src"));
    expect(images).toEqual(["/media/media-1/thumb", "/media/media-2/thumb", "/media/media-3/poster"]);
    expect(column.querySelector("img")!.getAttribute("fetchpriority")).toBe("high");
    expect(column.querySelector('a[href="/app/add-memory?timeline_id=t-1"]')).not.toBeNull();
  });

  it("is the markup the app renders for the same answer, so the app takes over without a shift", async () => {
    const view = await bothRenders(viewData(), VIEW_SCREEN, "Summer in Lisbon");
    expect(view.server).toEqual(view.app);
  });

  it("paints an empty timeline as the app does", async () => {
    const empty = viewData({ memoryCount: 0, memories: connectionOf("Memory", []) });
    const view = await bothRenders(empty, VIEW_SCREEN, "Summer in Lisbon");
    expect(view.server).toEqual(view.app);
    expect(view.server.join("")).toContain("No memories yet");
  });

  it("escapes the person's text like the app does", () => {
    const html = renderFirstScreen(input(viewData({ title: '</script><img src=x onerror="alert(1)">' })))!;
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("paints nothing where the app goes elsewhere or has no such screen", () => {
    // no access: the app sends the person to the access page
    expect(renderFirstScreen(input({ timeline: null }))).toBeNull();
    expect(renderFirstScreen(input(viewData(), { pathname: "/app/profile" }))).toBeNull();
    // the timelines list keeps the heading written by the build (client/build/first-screens.ts)
    expect(renderFirstScreen(input(viewData(), { pathname: "/app/timelines" }))).toBeNull();
    expect(renderFirstScreen(input(viewData(), { session: { isAuthenticated: false, user: null } }))).toBeNull();
  });
});
