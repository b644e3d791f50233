import { connectionOf } from "../../../testing/connection";
import type { MockLink } from "@apollo/client/testing";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi, beforeAll } from "vitest";
import { DOUBLE_CLICK_WINDOW_MS } from "../../../features/memories/components/memory-strip";
import { aMemory } from "../../../features/memories/testing/memory-mocks";
import { aPerson, aTimeline, me, noPrivacyRequest } from "../../../features/timelines/testing/timeline-mocks";
import {
  AcceptTimelineProposalDocument,
  RejectTimelineProposalDocument,
  ViewTimelineDocument,
} from "../../../gql/graphql";
import { locationOf, screenRenderer } from "../../../testing/render";
import { ViewTimelineScreen } from "./view-timeline-screen";
import { visitMock, waitingMock } from "../../../features/timelines/testing/waiting-mocks";
import { allowConsoleErrors } from "../../../testing/console-errors";

// The viewer's code is loaded lazily (lazy-memory-viewer.tsx): loaded once up front, so opening is not timed by the import.
beforeAll(() => import("../../../features/memories/components/memory-viewer"));

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
  const { id, title, privacy, status, createdBy, collaborator, collaboratorEmail } = aTimeline();
  return {
    __typename: "Timeline",
    id,
    title,
    privacy,
    status,
    canRespond: false,
    ...noPrivacyRequest,
    createdBy,
    collaborator,
    collaboratorEmail,
    isParticipant: true,
    memoryCount: memories.length,
    memoryMonths: [],
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

// the screen reports the visit, and the waiting page asks when "Remind" works again (docs/decisions/055)
const render = screenRenderer(<ViewTimelineScreen />, "/app/view-timeline", {
  at: "/app/view-timeline?id=t-1",
  mocks: [visitMock(), waitingMock()],
});

/** Runs `clicks` on a faked clock, so the strip's double-click window is moved through, not waited out. */
function withClock(clicks: (advance: (ms: number) => void) => void) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    clicks((ms) => act(() => vi.advanceTimersByTime(ms)));
  } finally {
    vi.useRealTimers();
  }
}

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
    withClock((advance) => {
      fireEvent.click(card, { detail: 1 });
      // A single click waits for a possible second click.
      advance(DOUBLE_CLICK_WINDOW_MS - 1);
      expect(screen.queryByRole("dialog")).toBeNull();
      advance(1);
    });
    const viewer = await screen.findByRole("dialog", { name: "Sunset at the miradouro" });
    expect(viewer).toHaveTextContent("Why this moment matters");
    expect(within(viewer).getByRole("img", { name: "Sunset at the miradouro" })).toHaveAttribute(
      "src",
      "/media/media-1/display",
    );
    expect(within(viewer).getByRole("button", { name: "Close" })).toHaveFocus();
    expect(within(viewer).getByRole("button", { name: "Edit Memory" })).toBeInTheDocument();

    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(card).toHaveFocus();
  });

  it("opens the viewer at once on a tap, with the memory in the URL; moving replaces it; Back closes it", async () => {
    const { router } = render([viewMock(timelineData())]);
    const card = await screen.findByRole("button", { name: /Sunset at the miradouro/ });
    withClock(() => {
      fireEvent.pointerDown(card, { pointerType: "touch" });
      fireEvent.click(card, { detail: 1 });
      // no double-click window for a finger: the viewer is asked for on the tap itself
      expect(locationOf(router)).toBe("/app/view-timeline?id=t-1&memory=m-1");
    });
    const viewer = await screen.findByRole("dialog", { name: "Sunset at the miradouro" });
    fireEvent.click(within(viewer).getByRole("button", { name: "Next memory" }));
    await waitFor(() => expect(locationOf(router)).toBe("/app/view-timeline?id=t-1&memory=m-2"));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(locationOf(router)).toBe("/app/view-timeline?id=t-1");
  });

  it("a link with a memory opens the viewer on it; closing keeps the person on the timeline", async () => {
    const { router } = render([viewMock(timelineData())], "/app/view-timeline?id=t-1&memory=m-2");
    const viewer = await screen.findByRole("dialog", { name: "First coffee" });
    expect(within(viewer).getByTestId("viewer-position")).toHaveTextContent("2 / 2");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(locationOf(router)).toBe("/app/view-timeline?id=t-1");
  });

  it("opens Edit Memory on a double click, without opening the viewer", async () => {
    const { router } = render([viewMock(timelineData())]);
    const card = await screen.findByRole("button", { name: /Sunset at the miradouro/ });
    withClock((advance) => {
      fireEvent.click(card, { detail: 1 });
      fireEvent.click(card, { detail: 2 });
      fireEvent.doubleClick(card, { detail: 2 });
      advance(DOUBLE_CLICK_WINDOW_MS); // past the first click's window: it must not open the viewer
    });
    await waitFor(() => expect(locationOf(router)).toBe("/app/edit-memory?id=m-1"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the viewer at once from the keyboard, without Edit Memory when editing is not allowed", async () => {
    const user = userEvent.setup();
    render([viewMock(timelineData())]);
    const card = await screen.findByRole("button", { name: /First coffee/ });
    card.focus();
    await user.keyboard("{Enter}");
    const viewer = await screen.findByRole("dialog", { name: "First coffee" });
    expect(within(viewer).queryByRole("button", { name: "Edit Memory" })).toBeNull();
    // The strip's order: the second memory, "2 / 2", without the meaning it does not have.
    expect(within(viewer).getByTestId("viewer-position")).toHaveTextContent("2 / 2");
    expect(viewer.querySelector("[data-active]")).not.toHaveTextContent("Why this moment matters");
    // Focus stays inside the viewer: from Close, Tab wraps to "Previous memory" (its first control).
    await user.tab();
    expect(within(viewer).getByRole("button", { name: "Previous memory" })).toHaveFocus();
    await user.click(within(viewer).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("goes from the viewer's Edit Memory to the edit screen", async () => {
    const user = userEvent.setup();
    const { router } = render([viewMock(timelineData())]);
    const card = await screen.findByRole("button", { name: /Sunset at the miradouro/ });
    card.focus();
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("button", { name: "Edit Memory" }));
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
    allowConsoleErrors(/ViewTimeline failed/); // the screen logs the failure it shows
    render([
      {
        request: { query: ViewTimelineDocument, variables: { id: "t-1", first: 30 } },
        error: new Error("Network down"),
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Timeline not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Timelines" })).toHaveAttribute("href", "/app/timelines");
  });
  it.each([
    ["PRIVATE", "Private"],
    ["SEMI_PRIVATE", "Semi-private"],
    ["PUBLIC", "Public"],
  ] as const)("shows the %s tier in the header with its label", async (privacy, label) => {
    render([viewMock(timelineData({ privacy }))]);
    const tier = await screen.findByTestId("privacy-tier");
    expect(tier).toHaveTextContent(`Privacy: ${label}`);
    expect(tier.querySelector("svg")).not.toBeNull();
  });

  it("marks the months on the strip and jumps between years", async () => {
    const user = userEvent.setup();
    const scrollTo = vi.fn();
    Element.prototype.scrollTo = scrollTo;
    render([viewMock(timelineData())]);
    const strip = await screen.findByRole("list", { name: "Memories" });
    expect(strip).toHaveTextContent("Jan 2024");
    expect(strip).toHaveTextContent("Dec 2023");
    const years = screen.getByRole("navigation", { name: "Jump to year" });
    expect(within(years).getByRole("button", { name: "2024" })).toHaveAttribute("aria-current", "true");
    await user.click(within(years).getByRole("button", { name: "2023" }));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ left: 280 }));
    expect(screen.getByRole("button", { name: /First coffee/ })).toHaveFocus();
  });

  it("knows every year and the whole count before their pages are read; a year further reads up to it", async () => {
    const user = userEvent.setup();
    Element.prototype.scrollTo = vi.fn();
    const first = timelineData();
    const old = aMemory({
      id: "m-3",
      caption: "Graduation",
      memoryDate: "2019-05-30",
      media: { id: "media-3", url: "/media/media-3/display", thumbUrl: "/media/media-3/thumb" },
    });
    const months = [
      { __typename: "MemoryMonth", month: "2024-01", count: 1 },
      { __typename: "MemoryMonth", month: "2023-12", count: 1 },
      { __typename: "MemoryMonth", month: "2019-05", count: 1 },
    ];
    const paged = {
      ...first,
      memoryCount: 3,
      memoryMonths: months,
      memories: connectionOf("Memory", [...first.memories.edges.map((edge) => edge.node)], { hasNextPage: true }),
    };
    const next = {
      request: { query: ViewTimelineDocument, variables: { id: "t-1", first: 30, after: "c2" } },
      result: {
        data: {
          timeline: {
            ...paged,
            memories: {
              ...connectionOf("Memory", [old], { cursorPrefix: "d" }),
            },
          },
        },
      },
    };
    render([viewMock(paged), next]);
    const years = await screen.findByRole("navigation", { name: "Jump to year" });
    expect(
      within(years)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["2024", "2023", "2019"]);
    expect(within(screen.getByRole("list", { name: "Memories" })).getAllByRole("listitem")).toHaveLength(3); // 2 + the sentinel
    await user.click(within(years).getByRole("button", { name: "2019" }));
    expect(await screen.findByRole("button", { name: /Graduation/ })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: /Sunset at the miradouro/ }));
    const viewer = await screen.findByRole("dialog", { name: "Sunset at the miradouro" });
    expect(within(viewer).getByTestId("viewer-position")).toHaveTextContent("1 / 3");
  });

  it("moves between the cards with the arrow keys", async () => {
    const user = userEvent.setup();
    Element.prototype.scrollIntoView = vi.fn();
    render([viewMock(timelineData())]);
    const first = await screen.findByRole("button", { name: /Sunset at the miradouro/ });
    first.focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: /First coffee/ })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("button", { name: /First coffee/ })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(first).toHaveFocus();
  });

  describe("a pending timeline (docs/product.md §4)", () => {
    const invited = () =>
      timelineData({
        status: "PENDING",
        canRespond: true,
        createdBy: aPerson(),
        collaborator: me,
        memories: [],
        memoryCount: 0,
      });

    it("shows the creator who they are waiting for instead of the invitation to add memories", async () => {
      render([viewMock(timelineData({ status: "PENDING", memories: [], memoryCount: 0 }))]);
      expect(await screen.findByRole("heading", { name: "Waiting for Bo Jensen to accept" })).toBeInTheDocument();
      expect(screen.getByText("Pending")).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "No memories yet" })).toBeNull();
      expect(screen.queryByRole("link", { name: "Add First Memory" })).toBeNull();
      expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
    });

    it("names an invited address without an account by its e-mail", async () => {
      render([
        viewMock(
          timelineData({
            status: "PENDING",
            collaborator: null,
            collaboratorEmail: "cy@example.com",
            memories: [],
            memoryCount: 0,
          }),
        ),
      ]);
      expect(await screen.findByRole("heading", { name: "Waiting for cy to accept" })).toBeInTheDocument();
    });

    it("lets the invitee accept on the page", async () => {
      const user = userEvent.setup();
      render([
        viewMock(invited()),
        {
          request: { query: AcceptTimelineProposalDocument, variables: { id: "t-1" } },
          result: {
            data: {
              acceptTimeline: {
                __typename: "RespondToTimelinePayload",
                timeline: {
                  __typename: "Timeline",
                  id: "t-1",
                  status: "ACCEPTED",
                  isActive: true,
                  canRespond: false,
                  lastActivity: "2024-01-06T10:00:00.000Z",
                },
              },
            },
          },
        },
      ]);
      expect(
        await screen.findByRole("heading", { name: "Bo Jensen invited you to share this timeline" }),
      ).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Add Memory" })).toBeNull();
      await user.click(screen.getByRole("button", { name: "Accept" }));
      // Accepted: the invitation gives way to the ordinary page.
      expect(await screen.findByRole("link", { name: "Add First Memory" })).toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
      expect(screen.queryByText("Pending")).toBeNull();
    });

    it("shows the spec's message when accepting fails", async () => {
      const user = userEvent.setup();
      render([
        viewMock(invited()),
        { request: { query: AcceptTimelineProposalDocument, variables: { id: "t-1" } }, error: new Error("down") },
      ]);
      await user.click(await screen.findByRole("button", { name: "Accept" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "Failed to accept timeline proposal. Please try again.",
      );
    });

    it("asks the spec's confirmation before declining, and cancelling does nothing", async () => {
      const user = userEvent.setup();
      const { router } = render([
        viewMock(invited()),
        {
          request: { query: RejectTimelineProposalDocument, variables: { id: "t-1" } },
          result: {
            data: {
              rejectTimeline: {
                __typename: "RespondToTimelinePayload",
                timeline: { __typename: "Timeline", id: "t-1", status: "REJECTED", canRespond: false },
              },
            },
          },
        },
      ]);
      await user.click(await screen.findByRole("button", { name: "Reject" }));
      let dialog = screen.getByRole("alertdialog", { name: "Reject this timeline?" });
      expect(dialog).toHaveTextContent(
        "Are you sure you want to reject this timeline proposal? This action cannot be undone.",
      );
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(locationOf(router)).toBe("/app/view-timeline?id=t-1");

      await user.click(screen.getByRole("button", { name: "Reject" }));
      dialog = screen.getByRole("alertdialog", { name: "Reject this timeline?" });
      await user.click(within(dialog).getByRole("button", { name: "Reject" }));
      await waitFor(() => expect(locationOf(router)).toBe("/app/timelines"));
    });
  });
});
