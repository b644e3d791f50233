import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, beforeAll } from "vitest";
import { aProfileMemory, profileMemoriesMock } from "../../../features/profile/testing/profile-mocks";
import { renderScreen, type RenderScreenOptions } from "../../../testing/render";
import { onThisDayMock } from "../../../features/presence/testing/presence-mocks";
import { MemoriesScreen } from "./memories-screen";

// The viewer's code is loaded lazily (lazy-memory-viewer.tsx): loaded once up front, so opening is not timed by the import.
beforeAll(() => import("../../../features/memories/components/memory-viewer"));

const renderMemories = (at: string, mocks: RenderScreenOptions["mocks"]) =>
  renderScreen(<MemoriesScreen />, { path: "/app/memories", at, mocks: [...(mocks ?? []), onThisDayMock()] });

describe("Memories screen", () => {
  it("lists the own memories newest first as round thumbnails", async () => {
    renderMemories("/app/memories", [
      profileMemoriesMock(null, [
        aProfileMemory({ caption: "Older", memoryDate: "2023-05-01" }),
        aProfileMemory({ caption: "No date", memoryDate: null }),
        aProfileMemory({ caption: "Newest", memoryDate: "2024-02-10", location: "Aarhus" }),
      ]),
    ]);
    expect(screen.getByRole("heading", { level: 1, name: "Your Memories" })).toBeInTheDocument();
    expect(screen.getByText("A journal of meaningful moments")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading memories...");

    const list = await screen.findByRole("list", { name: "Memories, newest first" });
    const entries = within(list).getAllByRole("button");
    expect(entries.map((entry) => entry.textContent)).toEqual([
      "NewestFeb 10, 2024Aarhus",
      "OlderMay 1, 2023Skagen",
      "No dateSkagen",
    ]);
    expect(list.querySelectorAll("img")).toHaveLength(3);
    expect(screen.getByRole("link", { name: "Create timeline" })).toHaveAttribute("href", "/app/create-timeline");
  });

  it("opens the viewer in the rose theme, with Edit Memory when allowed", async () => {
    const { router } = renderMemories("/app/memories", [
      profileMemoriesMock(null, [
        aProfileMemory({ id: "m-edit", caption: "Mine", canEdit: true, meaning: "We laughed." }),
      ]),
    ]);
    await userEvent.click(await screen.findByRole("button", { name: /Mine/ }));
    const viewer = await screen.findByRole("dialog", { name: "Mine" });
    expect(viewer.closest("[data-theme]")).toHaveAttribute("data-theme", "rose");
    expect(viewer).toHaveTextContent("Why this moment matters");
    expect(viewer).toHaveTextContent("We laughed.");
    await userEvent.click(within(viewer).getByRole("button", { name: "Edit Memory" }));
    expect(router.state.location.pathname + router.state.location.search).toBe("/app/edit-memory?id=m-edit");
  });

  it("does not offer Edit Memory when the memory is not editable, and closes", async () => {
    renderMemories("/app/memories", [
      profileMemoriesMock(null, [aProfileMemory({ caption: "Theirs", canEdit: false })]),
    ]);
    const open = await screen.findByRole("button", { name: /Theirs/ });
    await userEvent.click(open);
    const viewer = await screen.findByRole("dialog", { name: "Theirs" });
    expect(within(viewer).queryByRole("button", { name: "Edit Memory" })).not.toBeInTheDocument();
    await userEvent.click(within(viewer).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(open).toHaveFocus();
  });

  it("shows another profile's memories with ?email=", async () => {
    renderMemories("/app/memories?email=bo%40example.com", [
      profileMemoriesMock("bo@example.com", [aProfileMemory({ caption: "Bo's swim" })]),
    ]);
    expect(screen.getByRole("heading", { level: 1, name: "Profile Memories" })).toBeInTheDocument();
    expect(screen.getByText("Memories from this profile")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /Bo's swim/ })).toBeInTheDocument();
  });

  it("shows the empty state when there are none", async () => {
    renderMemories("/app/memories", [profileMemoriesMock(null, [])]);
    expect(await screen.findByRole("heading", { name: "No memories yet" })).toBeInTheDocument();
    expect(screen.getByText("Start creating timelines to capture your meaningful moments")).toBeInTheDocument();
  });

  it("shows the empty state when loading fails", async () => {
    renderMemories("/app/memories", [profileMemoriesMock(null, [], { result: undefined, error: new Error("down") })]);
    expect(await screen.findByRole("heading", { name: "No memories yet" })).toBeInTheDocument();
  });
});
