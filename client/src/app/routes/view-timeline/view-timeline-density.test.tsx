import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DENSITY_KEY } from "../../../features/memories/components/use-timeline-density";
import { aMemory } from "../../../features/memories/testing/memory-mocks";
import { aTimeline, noPrivacyRequest } from "../../../features/timelines/testing/timeline-mocks";
import { visitMock, waitingMock } from "../../../features/timelines/testing/waiting-mocks";
import { ViewTimelineDocument } from "../../../gql/graphql";
import { connectionOf } from "../../../testing/connection";
import { locationOf, screenRenderer } from "../../../testing/render";
import { ViewTimelineScreen } from "./view-timeline-screen";

// The viewer's code is loaded lazily (lazy-memory-viewer.tsx): loaded once up front.
beforeAll(() => import("../../../features/memories/components/memory-viewer"));
beforeEach(() => localStorage.clear());

function viewMock() {
  const memories = [
    aMemory({ id: "m-1", caption: "Harbour at dawn", memoryDate: "2024-06-03" }),
    aMemory({ id: "m-2", caption: "Tram ride", memoryDate: "2024-06-03", media: { id: "media-2" } }),
    aMemory({ id: "m-3", caption: "Arrival", memoryDate: "2024-06-01", media: { id: "media-3" } }),
  ];
  const { id, title, privacy, status, createdBy, collaborator, collaboratorEmail } = aTimeline();
  const timeline = {
    __typename: "Timeline",
    ...{ id, title, privacy, status, createdBy, collaborator, collaboratorEmail },
    canRespond: false,
    ...noPrivacyRequest,
    isParticipant: true,
    memoryCount: memories.length,
    memoryMonths: [],
    memories: connectionOf("Memory", memories),
  };
  return {
    request: { query: ViewTimelineDocument, variables: { id: "t-1", first: 30 } },
    result: { data: { timeline } },
  };
}

// the screen reports the visit (docs/decisions/055-reminders-invite-links-and-new-marks.md)
const render = screenRenderer(<ViewTimelineScreen />, "/app/view-timeline", {
  at: "/app/view-timeline?id=t-1",
  mocks: [visitMock(), waitingMock()],
});
const choice = (name: "Strip" | "Days") =>
  within(screen.getByRole("group", { name: "Show memories as" })).getByRole("button", { name });

describe("View Timeline's density switch (docs/decisions/057-density-switch.md)", () => {
  it("shows the strip by default; Days shows the memories by day, in the URL and remembered", async () => {
    const { router } = render([viewMock()]);
    expect(await screen.findByRole("list", { name: "Memories" })).toBeInTheDocument();
    expect(choice("Strip")).toHaveAttribute("aria-pressed", "true");
    expect(choice("Days")).toHaveAttribute("aria-pressed", "false");

    fireEvent.click(choice("Days"));
    expect(await screen.findByRole("heading", { level: 2, name: "Monday, Jun 3, 2024" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Saturday, Jun 1, 2024" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Memories" })).toBeNull();
    expect(choice("Days")).toHaveAttribute("aria-pressed", "true");
    expect(locationOf(router)).toBe("/app/view-timeline?id=t-1&view=days");
    expect(localStorage.getItem(DENSITY_KEY)).toBe("days");

    fireEvent.click(choice("Strip"));
    expect(await screen.findByRole("list", { name: "Memories" })).toBeInTheDocument();
    expect(locationOf(router)).toBe("/app/view-timeline?id=t-1");
    expect(localStorage.getItem(DENSITY_KEY)).toBe("strip");
  });

  it("opens with the grid when this device chose Days before", async () => {
    localStorage.setItem(DENSITY_KEY, "days");
    render([viewMock()]);
    expect(await screen.findByRole("heading", { level: 2, name: "Monday, Jun 3, 2024" })).toBeInTheDocument();
    expect(choice("Days")).toHaveAttribute("aria-pressed", "true");
  });

  it("a link with view=days opens the grid; a link with view=strip the strip", async () => {
    localStorage.setItem(DENSITY_KEY, "days");
    render([viewMock()], "/app/view-timeline?id=t-1&view=strip");
    expect(await screen.findByRole("list", { name: "Memories" })).toBeInTheDocument();
  });

  it("a tile opens the same viewer at that memory, with the memory in the URL", async () => {
    const { router } = render([viewMock()], "/app/view-timeline?id=t-1&view=days");
    const tile = await screen.findByRole("button", { name: "Arrival" });
    fireEvent.pointerDown(tile, { pointerType: "touch" });
    fireEvent.click(tile);
    const viewer = await screen.findByRole("dialog", { name: "Arrival" });
    expect(within(viewer).getByTestId("viewer-position")).toHaveTextContent("3 / 3");
    expect(locationOf(router)).toBe("/app/view-timeline?id=t-1&view=days&memory=m-3");
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(locationOf(router)).toBe("/app/view-timeline?id=t-1&view=days");
  });
});
