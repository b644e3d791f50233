import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { firstScreens } from "../../build/first-screens";
import { prefetchTimelines, prefetchViewTimeline } from "./prefetch";
import { TimelinesScreen } from "./routes/timelines/timelines-screen";
import { aTimeline } from "../features/timelines/testing/timeline-mocks";
import { TimelinesDocument } from "../gql/graphql";
import { connectionOf } from "../testing/connection";
import { mockFetch } from "../testing/mock-fetch";
import { createTestApolloClient, renderScreen } from "../testing/render";
import { primeFirstData, takeFirstData, type FirstData } from "../lib/first-data";
import { checkSession } from "../lib/session";

const session = { isAuthenticated: true, user: { id: "u-1", email: "ada@example.com" } };
const timelinesData = {
  timelines: connectionOf("Timeline", [aTimeline(), aTimeline({ id: "t-2", title: "Our kitchen" })]),
};

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument("page");
  doc.head.innerHTML = `<script type="application/json" id="first-data">${json}</script>`;
  return doc;
}

describe("the first screen's data from the page (docs/decisions/029-first-load-and-shell.md)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the page's data once, and nothing from a page without it or with broken JSON", () => {
    const first: FirstData = { session, query: null };
    const doc = pageWith(JSON.stringify(first).replace(/</g, "\\u003c"));
    expect(takeFirstData(doc)).toEqual(first);
    expect(doc.getElementById("first-data")).toBeNull();
    expect(takeFirstData(doc)).toBeNull();
    expect(takeFirstData(pageWith("{not json"))).toBeNull();
    expect(takeFirstData(pageWith("null"))).toBeNull();
  });

  it("answers the session check once from the page, then asks the server again", async () => {
    const { calls } = mockFetch({ "GET /api/auth/check-session": { body: { isAuthenticated: false, user: null } } });
    primeFirstData(createTestApolloClient(), { session, query: null });
    expect(await checkSession()).toEqual(session);
    expect(calls).toHaveLength(0);
    expect(await checkSession()).toEqual({ isAuthenticated: false, user: null });
    expect(calls).toHaveLength(1);
  });

  it("puts the first query's answer in the cache: the loader asks nothing and the screen shows it at once", async () => {
    mockFetch({});
    // the link answers nothing: any request the loader or the screen sent would fail the list
    const client = createTestApolloClient([], { showWarnings: false });
    const request = vi.spyOn(client, "query");
    primeFirstData(client, { session, query: { name: "Timelines", variables: {}, data: timelinesData } });
    expect(client.readQuery({ query: TimelinesDocument })?.timelines.edges.map((e) => e.node.title)).toEqual([
      "Summer in Lisbon",
      "Our kitchen",
    ]);
    prefetchTimelines(client)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(request).not.toHaveBeenCalled();

    renderScreen(<TimelinesScreen />, { path: "/app/timelines", client });
    // no loading state: the cards are there on the first render
    expect(screen.queryByRole("status")).toBeNull();
    const cards = within(screen.getByRole("list", { name: "Timelines" })).getAllByRole("link");
    expect(cards.map((card) => card.getAttribute("href"))).toEqual([
      "/app/view-timeline?id=t-1",
      "/app/view-timeline?id=t-2",
    ]);
  });

  it("asks the server as before when the page's answer was for another timeline or an unknown query", async () => {
    const client = createTestApolloClient([], { showWarnings: false });
    const request = vi.spyOn(client, "query").mockResolvedValue({ data: undefined } as never);
    primeFirstData(client, { session, query: { name: "SomethingElse", variables: {}, data: {} } });
    primeFirstData(client, {
      session,
      query: { name: "ViewTimeline", variables: { id: "t-9" }, data: { timeline: null } },
    });
    prefetchViewTimeline(client)({ request: new Request("http://localhost/app/view-timeline?id=t-1") } as never);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("is built with the queries as the app sends them (with __typename, so the cache normalizes them)", () => {
    expect(firstScreens["/app/timelines"]!.query!.name).toBe("Timelines");
    expect(firstScreens["/app/timelines"]!.query!.document).toMatch(/^query Timelines\b[\s\S]*__typename/);
    expect(firstScreens["/app/view-timeline"]!.query).toMatchObject({ name: "ViewTimeline", variables: { id: "id" } });
  });
});
