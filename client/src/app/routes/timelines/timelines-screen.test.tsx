import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aPerson, aTimeline, me, timelinesMock } from "../../../features/timelines/testing/timeline-mocks";
import { renderScreen } from "../../../testing/render";
import { onThisDayMock } from "../../../features/presence/testing/presence-mocks";
import { TimelinesScreen } from "./timelines-screen";

function renderList(mock: ReturnType<typeof timelinesMock>, extra = [onThisDayMock()]) {
  return renderScreen(<TimelinesScreen />, { path: "/app/timelines", mocks: [mock, ...extra] });
}

describe("Timelines list (docs/product.md §2)", () => {
  it("shows a spinner, then a card per timeline linking to its view", async () => {
    renderList(
      timelinesMock([
        aTimeline({ previewImages: ["/media/a/thumb", "/media/b/thumb", "/media/c/thumb"] }),
        aTimeline({ id: "t-2", title: "Our kitchen", lastActivity: "2023-11-20T09:00:00.000Z" }),
      ]),
    );
    expect(screen.getByRole("heading", { level: 1, name: "Your Timelines" })).toBeInTheDocument();
    expect(screen.getByText("Collaborative memories with those who matter most")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading timelines…");

    const list = await screen.findByRole("list", { name: "Timelines" });
    const cards = within(list).getAllByRole("link");
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute("href", "/app/view-timeline?id=t-1");
    expect(cards[0]).toHaveTextContent("Summer in Lisbon");
    expect(cards[0]).toHaveTextContent("with Bo Jensen");
    expect(cards[0]).toHaveTextContent("Jan 5");
    expect(cards[0]!.querySelectorAll("img")).toHaveLength(3);
    expect(cards[1]).toHaveTextContent("Nov 20");
    expect(cards[1]!.querySelectorAll("img")).toHaveLength(0);
  });

  it("shows at most 3 overlapping previews", async () => {
    renderList(timelinesMock([aTimeline({ previewImages: ["/1", "/2", "/3", "/4"] })]));
    const card = await screen.findByRole("link", { name: /Summer in Lisbon/ });
    expect(card.querySelectorAll("img")).toHaveLength(3);
  });

  it("marks a pending timeline with the amber Pending badge", async () => {
    renderList(timelinesMock([aTimeline({ status: "PENDING" }), aTimeline({ id: "t-2", title: "Accepted one" })]));
    const pending = await screen.findByRole("link", { name: /Summer in Lisbon/ });
    expect(within(pending).getByText("Pending")).toBeInTheDocument();
    expect(within(screen.getByRole("link", { name: /Accepted one/ })).queryByText("Pending")).toBeNull();
  });

  it("names the other person: the creator when I am the collaborator", async () => {
    renderList(
      timelinesMock([aTimeline({ createdBy: aPerson({ id: "u-3", displayName: "Cy Park" }), collaborator: me })]),
    );
    expect(await screen.findByRole("link", { name: /with Cy Park/ })).toBeInTheDocument();
  });

  it("falls back to the full name, then the e-mail, then the invited address's name", async () => {
    renderList(
      timelinesMock([
        aTimeline({ id: "a", title: "A", collaborator: aPerson({ id: "u-a", displayName: "", fullName: "Bo Full" }) }),
        aTimeline({ id: "b", title: "B", collaborator: aPerson({ id: "u-b", displayName: "", fullName: null }) }),
        aTimeline({ id: "c", title: "C", collaborator: null, collaboratorEmail: "dee@example.com" }),
      ]),
    );
    expect(await screen.findByRole("link", { name: /^A with Bo Full/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^B with bo@example\.com/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^C with dee, last activity Jan 5$/ })).toBeInTheDocument();
  });

  it("shows the empty state with a way to create the first timeline", async () => {
    renderList(timelinesMock([]));
    expect(await screen.findByRole("heading", { name: "No timelines yet" })).toBeInTheDocument();
    expect(screen.getByText("Start creating beautiful memories with someone special")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create Your First Timeline" })).toHaveAttribute(
      "href",
      "/app/create-timeline",
    );
    expect(screen.getByRole("link", { name: "Create timeline" })).toHaveAttribute("href", "/app/create-timeline");
  });

  it("shows the empty list, silently, when loading fails (docs/product.md §8)", async () => {
    renderList(timelinesMock(new Error("Network down")));
    expect(await screen.findByRole("heading", { name: "No timelines yet" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows one quiet 'On this day' card on top that opens the memory in its timeline", async () => {
    renderList(timelinesMock([aTimeline()]), [
      onThisDayMock([
        { id: "m-9", timelineId: "t-1", title: "Summer in Lisbon", memoryDate: "2024-03-11" },
        { id: "m-8", timelineId: "t-2", title: "Porto", memoryDate: "2023-03-11" },
      ]),
    ]);
    const card = await screen.findByRole("link", { name: "On this day: Summer in Lisbon, 2024, and 1 more" });
    expect(card).toHaveAttribute("href", "/app/view-timeline?id=t-1&memory=m-9");
  });
});
