import { connectionOf } from "../../../testing/connection";
import type { MockLink } from "@apollo/client/testing";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { DOUBLE_CLICK_WINDOW_MS } from "../../../features/memories/components/memory-strip";
import { aMemory } from "../../../features/memories/testing/memory-mocks";
import { aTimeline } from "../../../features/timelines/testing/timeline-mocks";
import { ViewTimelineDocument } from "../../../gql/graphql";
import { locationOf, renderScreen } from "../../../testing/render";
import { ViewTimelineScreen } from "./view-timeline-screen";

function timelineData(overrides: Record<string, unknown> = {}) {
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
  ];
  const { id, title, privacy, status } = aTimeline();
  return {
    __typename: "Timeline",
    id,
    title,
    privacy,
    status,
    isParticipant: true,
    memoryCount: memories.length,
    memories: connectionOf("Memory", memories),
    ...overrides,
  };
}

function viewMock(timeline: unknown, extra: Partial<MockLink.MockedResponse> = {}): MockLink.MockedResponse {
  return {
    request: { query: ViewTimelineDocument, variables: { id: "t-1", first: 30 } },
    result: { data: { timeline } },
    ...extra,
  };
}

function render(mocks: MockLink.MockedResponse[], at = "/app/view-timeline?id=t-1") {
  return renderScreen(<ViewTimelineScreen />, { path: "/app/view-timeline", at, mocks });
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe("View Timeline (docs/product.md §2)", () => {
  it("goes to the list without an id", async () => {
    const { router } = render([], "/app/view-timeline");
    await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
  });

  it("shows the header with the count, settings and Add Memory, and the memories on the strip", async () => {
    render([viewMock(timelineData())]);
    expect(screen.getByRole("status")).toHaveTextContent("Loading timeline…");
    expect(await screen.findByRole("heading", { level: 1, name: "Summer in Lisbon" })).toBeInTheDocument();
    expect(screen.getByText("2 memories")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Timeline settings" })).toHaveAttribute(
      "href",
      "/app/timeline-settings?id=t-1",
    );
    expect(screen.getByRole("link", { name: "Add Memory" })).toHaveAttribute("href", "/app/add-memory?timeline_id=t-1");

    const strip = screen.getByRole("list", { name: "Memories" });
    const items = within(strip).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    // Cards 280 px apart (docs/product.md §9).
    expect(items.map((item) => item.style.left)).toEqual(["0px", "280px"]);
    const first = within(items[0]!).getByRole("button");
    expect(first).toHaveTextContent("Sunset at the miradouro");
    expect(first).toHaveTextContent("Jan 5, 2024");
    expect(first).toHaveTextContent("Lisbon");
    expect(first).toHaveTextContent("The evening we decided to stay another week.");
    expect(within(items[1]!).getByRole("button")).toHaveTextContent("Dec 24, 2023");
  });

  it("opens the viewer on a single click; Escape closes it and focus returns to the card", async () => {
    render([viewMock(timelineData())]);
    const card = await screen.findByRole("button", { name: /Sunset at the miradouro/ });
    card.focus();
    fireEvent.click(card, { detail: 1 });
    // A single click waits briefly for a possible second click.
    expect(screen.queryByRole("dialog")).toBeNull();
    await wait(DOUBLE_CLICK_WINDOW_MS + 20);
    const viewer = screen.getByRole("dialog", { name: "Sunset at the miradouro" });
    expect(viewer).toHaveTextContent("Why this moment matters");
    expect(within(viewer).getByRole("img", { name: "Sunset at the miradouro" })).toHaveAttribute(
      "src",
      "/media/media-1/display",
    );
    expect(within(viewer).getByRole("button", { name: "Close" })).toHaveFocus();
    expect(within(viewer).getByRole("button", { name: "Edit Memory" })).toBeInTheDocument();

    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(card).toHaveFocus();
  });

  it("opens Edit Memory on a double click, without opening the viewer", async () => {
    const { router } = render([viewMock(timelineData())]);
    const card = await screen.findByRole("button", { name: /Sunset at the miradouro/ });
    fireEvent.click(card, { detail: 1 });
    fireEvent.click(card, { detail: 2 });
    fireEvent.doubleClick(card, { detail: 2 });
    await waitFor(() => expect(locationOf(router)).toBe("/app/edit-memory?id=m-1"));
    await wait(DOUBLE_CLICK_WINDOW_MS + 20);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the viewer at once from the keyboard, without Edit Memory when editing is not allowed", async () => {
    const user = userEvent.setup();
    render([viewMock(timelineData())]);
    const card = await screen.findByRole("button", { name: /First coffee/ });
    card.focus();
    await user.keyboard("{Enter}");
    const viewer = screen.getByRole("dialog", { name: "First coffee" });
    expect(within(viewer).queryByRole("button", { name: "Edit Memory" })).toBeNull();
    expect(viewer).not.toHaveTextContent("Why this moment matters");
    // Focus stays inside the viewer.
    await user.tab();
    expect(within(viewer).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.click(within(viewer).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("goes from the viewer's Edit Memory to the edit screen", async () => {
    const user = userEvent.setup();
    const { router } = render([viewMock(timelineData())]);
    const card = await screen.findByRole("button", { name: /Sunset at the miradouro/ });
    card.focus();
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Edit Memory" }));
    await waitFor(() => expect(locationOf(router)).toBe("/app/edit-memory?id=m-1"));
  });

  it("shows the empty state with Add First Memory", async () => {
    render([viewMock(timelineData({ memories: connectionOf("Memory", []), memoryCount: 0 }))]);
    expect(await screen.findByRole("heading", { name: "No memories yet" })).toBeInTheDocument();
    expect(screen.getByText("0 memories")).toBeInTheDocument();
    expect(screen.getByText("Start adding photos and videos to create your timeline")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add First Memory" })).toHaveAttribute(
      "href",
      "/app/add-memory?timeline_id=t-1",
    );
  });

  it("offers neither settings nor Add Memory to someone who only views it", async () => {
    render([viewMock(timelineData({ isParticipant: false }))]);
    await screen.findByRole("heading", { level: 1, name: "Summer in Lisbon" });
    expect(screen.queryByRole("link", { name: "Timeline settings" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Add Memory" })).toBeNull();
  });

  it("sends someone without access to the access page", async () => {
    const { router } = render([viewMock(null)]);
    await waitFor(() => expect(locationOf(router)).toBe("/app/timeline-access-denied?id=t-1"));
  });

  it("shows 'Timeline not found' when loading fails", async () => {
    render([
      {
        request: { query: ViewTimelineDocument, variables: { id: "t-1", first: 30 } },
        error: new Error("Network down"),
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Timeline not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Timelines" })).toHaveAttribute("href", "/app/timelines");
  });
});
