import { connectionOf } from "../../../testing/connection";
import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { MockLink } from "@apollo/client/testing";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Observable } from "rxjs";
import { describe, expect, it, beforeAll } from "vitest";
import { aRelationship, relationshipsMock } from "../../../features/connections/testing/connection-mocks";
import {
  aProfileMemory,
  aUser,
  profileMemoriesMock,
  userHighlightsMock,
} from "../../../features/profile/testing/profile-mocks";
import { publicUserMock, userTimelinesMock } from "../../../features/users/testing/public-profile-mocks";
import { PublicTimelineDetailDocument, type PublicTimelineCard_TimelineFragment } from "../../../gql/graphql";
import { typePolicies } from "../../../lib/apollo-client";
import { renderScreen, type RenderScreenOptions } from "../../../testing/render";
import { PublicProfileScreen } from "./public-profile-screen";

// The viewer's code is loaded lazily (lazy-memory-viewer.tsx): loaded once up front, so opening is not timed by the import.
beforeAll(() => import("../../../features/memories/components/memory-viewer"));

const bo = aUser();
const person = (id: string, displayName: string) => ({
  __typename: "User" as const,
  id,
  username: displayName.toLowerCase().replace(/\s/g, ""),
  displayName,
  fullName: null,
});

function aTimeline(overrides: Partial<PublicTimelineCard_TimelineFragment> = {}): PublicTimelineCard_TimelineFragment {
  return {
    __typename: "Timeline",
    id: "t-1",
    title: "Summer by the sea",
    memoryCount: 3,
    lastActivity: "2024-02-01T10:00:00.000Z",
    previewImages: ["/media/a/thumb", "/media/b/thumb"],
    createdBy: person("u-2", "Bo Jensen"),
    collaborator: person("u-3", "Cy Twombly"),
    ...overrides,
  } as PublicTimelineCard_TimelineFragment;
}

const renderPublic = (at: string, mocks: RenderScreenOptions["mocks"], options: Partial<RenderScreenOptions> = {}) =>
  renderScreen(<PublicProfileScreen />, { path: "/app/public-profile", at, mocks, ...options });

const baseMocks = (identifier = "bo") => [publicUserMock(identifier, bo), relationshipsMock(identifier, [])];
const nav = () => within(screen.getByRole("navigation", { name: "Profile navigation" }));

describe("Public profile", () => {
  it('shows "Loading profile..." in the dark blue theme, then the person and their web', async () => {
    renderPublic("/app/public-profile?username=bo", [
      publicUserMock("bo", bo),
      relationshipsMock("bo", [aRelationship("u-3", "Cy Twombly", 2)]),
      userHighlightsMock("bo", []),
    ]);
    expect(screen.getByRole("status")).toHaveTextContent("Loading profile...");
    expect(screen.getByRole("status").closest("[data-theme]")).toHaveAttribute("data-theme", "night");

    expect(await screen.findByRole("heading", { level: 1, name: "Bo Jensen" })).toBeInTheDocument();
    expect(screen.getByText("@bo")).toBeInTheDocument();
    expect(screen.getByText("Sea swimmer and slow walker.")).toBeInTheDocument();
    expect(nav().getByRole("button", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    expect(
      nav()
        .getAllByRole("button")
        .map((b) => b.textContent?.trim()),
    ).toEqual(["Timelines", "Memories", "Profile"]);
    expect(await screen.findByRole("link", { name: /^Cy Twombly, Closest/ })).toHaveAttribute(
      "href",
      "/app/public-profile?username=cytwombly",
    );
    await userEvent.click(screen.getByRole("tab", { name: "Highlights" }));
    expect(await screen.findByRole("heading", { name: "No highlights yet" })).toBeInTheDocument();
    expect(screen.queryByText("Coming Soon")).not.toBeInTheDocument();
  });

  it("shows the highlights this viewer may see, in the person's order, and opens one in the blue viewer", async () => {
    renderPublic("/app/public-profile?username=bo", [
      ...baseMocks(),
      userHighlightsMock("bo", [aProfileMemory({ caption: "Harbour" }), aProfileMemory({ caption: "Dunes" })]),
    ]);
    await screen.findByRole("heading", { level: 1, name: "Bo Jensen" });
    await userEvent.click(screen.getByRole("tab", { name: "Highlights" }));
    const list = await screen.findByRole("list", { name: "Highlights" });
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Open Harbour", "Open Dunes"]);
    await userEvent.click(within(list).getByRole("button", { name: "Open Dunes" }));
    expect((await screen.findByRole("dialog", { name: "Dunes" })).closest("[data-theme]")).toHaveAttribute(
      "data-theme",
      "blue",
    );
  });

  it("looks a person up by e-mail", async () => {
    renderPublic("/app/public-profile?email=bo%40example.com", baseMocks("bo@example.com"));
    expect(await screen.findByRole("heading", { level: 1, name: "Bo Jensen" })).toBeInTheDocument();
  });

  it.each([
    ["nobody is found", [publicUserMock("ghost", null)]],
    ["the lookup fails", [publicUserMock("ghost", null, { result: undefined, error: new Error("down") })]],
  ])("goes to Timelines when %s", async (_, mocks) => {
    const { router } = renderPublic("/app/public-profile?username=ghost", mocks);
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/timelines"));
  });

  it("leads the floating button to the own Profile when signed in, else to Timelines", async () => {
    renderPublic("/app/public-profile?username=bo", baseMocks());
    expect(await screen.findByRole("link", { name: "Your profile" })).toHaveAttribute("href", "/app/profile");
  });

  it("leads the floating button to Timelines without a session user", async () => {
    renderPublic("/app/public-profile?username=bo", baseMocks(), { user: null });
    expect(await screen.findByRole("link", { name: "Timelines" })).toHaveAttribute("href", "/app/timelines");
  });

  it("lists their timelines and opens one: back, title, count, memories oldest first (no date first)", async () => {
    renderPublic("/app/public-profile?username=bo", [
      ...baseMocks(),
      userTimelinesMock("bo", [
        aTimeline(),
        aTimeline({ id: "t-2", title: "Winter", memoryCount: 1, previewImages: [] }),
      ]),
      {
        request: { query: PublicTimelineDetailDocument, variables: { id: "t-1", first: 30 } },
        result: {
          data: {
            timeline: {
              __typename: "Timeline",
              id: "t-1",
              title: "Summer by the sea",
              memoryCount: 3,
              // the server's order (memories(order: OLDEST_FIRST)): no date first, then oldest
              memories: connectionOf("Memory", [
                aProfileMemory({ caption: "Undated", memoryDate: null }),
                aProfileMemory({
                  caption: "Early",
                  memoryDate: "2024-01-05",
                  location: "Skagen",
                  meaning: "First swim.",
                }),
                aProfileMemory({ caption: "Late", memoryDate: "2024-03-02" }),
              ]),
            },
          },
        },
      },
    ]);
    await screen.findByRole("heading", { level: 1, name: "Bo Jensen" });
    await userEvent.click(nav().getByRole("button", { name: "Timelines" }));
    const list = await screen.findByRole("list", { name: "Timelines" });
    const cards = within(list).getAllByRole("button");
    expect(cards[0]).toHaveTextContent("Summer by the sea");
    expect(cards[0]).toHaveTextContent("with Cy Twombly");
    expect(cards[0]).toHaveTextContent("3 memories");
    expect(cards[1]).toHaveTextContent("1 memory");

    await userEvent.click(cards[0]!);
    const title = await screen.findByRole("heading", { level: 2, name: "Summer by the sea" });
    expect(title).toHaveFocus();
    expect(screen.getByText("3 memories")).toBeInTheDocument();
    const strip = screen.getByRole("region", { name: "Memories, oldest first" });
    const items = within(strip).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual(["Undated", "Early", "Late"]);
    expect(items[1]).toHaveTextContent("Jan 5, 2024");
    expect(items[1]).toHaveTextContent("Skagen");
    expect(items[1]).toHaveTextContent("First swim.");

    // A photo opens the viewer in the blue theme.
    await userEvent.click(within(items[1]!).getByRole("button", { name: "Open Early" }));
    const viewer = await screen.findByRole("dialog", { name: "Early" });
    expect(viewer.closest("[data-theme]")).toHaveAttribute("data-theme", "blue");
    expect(within(viewer).queryByRole("button", { name: "Edit Memory" })).not.toBeInTheDocument();
    await userEvent.click(within(viewer).getByRole("button", { name: "Close" }));

    await userEvent.click(screen.getByRole("button", { name: "Back to timelines" }));
    expect(await screen.findByRole("list", { name: "Timelines" })).toBeInTheDocument();
  });

  it('shows "No timelines yet" when they have none', async () => {
    renderPublic("/app/public-profile?username=bo", [...baseMocks(), userTimelinesMock("bo", [])]);
    await screen.findByRole("heading", { level: 1, name: "Bo Jensen" });
    await userEvent.click(nav().getByRole("button", { name: "Timelines" }));
    expect(await screen.findByRole("heading", { name: "No timelines yet" })).toBeInTheDocument();
  });

  it("closes an open timeline when another tab is chosen", async () => {
    renderPublic("/app/public-profile?username=bo", [
      ...baseMocks(),
      userTimelinesMock("bo", [aTimeline()], { maxUsageCount: 2 }),
      {
        request: { query: PublicTimelineDetailDocument, variables: { id: "t-1", first: 30 } },
        result: {
          data: {
            timeline: {
              __typename: "Timeline",
              id: "t-1",
              title: "Summer by the sea",
              memoryCount: 0,
              memories: connectionOf("Memory", []),
            },
          },
        },
      },
      profileMemoriesMock("bo", []),
    ]);
    await screen.findByRole("heading", { level: 1, name: "Bo Jensen" });
    await userEvent.click(nav().getByRole("button", { name: "Timelines" }));
    await userEvent.click(await screen.findByRole("button", { name: /Summer by the sea/ }));
    expect(await screen.findByRole("heading", { name: "No memories yet" })).toBeInTheDocument();

    await userEvent.click(nav().getByRole("button", { name: "Memories" }));
    expect(await screen.findByRole("heading", { name: "No memories yet" })).toBeInTheDocument();
    await userEvent.click(nav().getByRole("button", { name: "Timelines" }));
    expect(await screen.findByRole("list", { name: "Timelines" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Back to timelines" })).not.toBeInTheDocument();
  });

  it("lists their memories as circular photos and opens the viewer in blue", async () => {
    renderPublic("/app/public-profile?username=bo", [
      ...baseMocks(),
      profileMemoriesMock("bo", [aProfileMemory({ caption: "Harbour", canEdit: false })]),
    ]);
    await screen.findByRole("heading", { level: 1, name: "Bo Jensen" });
    await userEvent.click(nav().getByRole("button", { name: "Memories" }));
    await userEvent.click(await screen.findByRole("button", { name: /Harbour/ }));
    expect((await screen.findByRole("dialog", { name: "Harbour" })).closest("[data-theme]")).toHaveAttribute(
      "data-theme",
      "blue",
    );
  });

  it("resets to the Profile tab on a new query and cancels the old profile's loads", async () => {
    const pending: string[] = [];
    const cancelled: string[] = [];
    const cy = aUser({ id: "u-3", username: "cy", displayName: "Cy Twombly" });
    const mocks = new MockLink([...baseMocks("bo"), publicUserMock("cy", cy), relationshipsMock("cy", [])], {
      showWarnings: false,
      defaultOptions: { delay: 0 },
    });
    // Bo's timelines never answer; we watch that request being dropped.
    const link = new ApolloLink((operation, forward) => {
      if (operation.operationName !== "UserTimelines") return forward(operation);
      return new Observable((observer) => {
        pending.push(operation.variables.identifier as string);
        void observer; // never answers
        return () => cancelled.push(operation.variables.identifier as string);
      });
    });
    const client = new ApolloClient({
      cache: new InMemoryCache({ typePolicies }),
      link: ApolloLink.from([link, mocks]),
    });
    const { router } = renderPublic("/app/public-profile?username=bo", undefined, { client });
    await screen.findByRole("heading", { level: 1, name: "Bo Jensen" });
    await userEvent.click(nav().getByRole("button", { name: "Timelines" }));
    expect(await screen.findByText("Loading timelines...")).toBeInTheDocument();
    expect(pending).toEqual(["bo"]);

    await act(() => router.navigate("/app/public-profile?username=cy"));
    expect(await screen.findByRole("heading", { level: 1, name: "Cy Twombly" })).toBeInTheDocument();
    expect(nav().getByRole("button", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    expect(cancelled).toEqual(["bo"]);
  });
});
