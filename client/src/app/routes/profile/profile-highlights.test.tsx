import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import {
  aProfileMemory,
  myHighlightsMock,
  profileMemoriesMock,
  setHighlightsMock,
} from "../../../features/profile/testing/profile-mocks";
import { renderScreen, type RenderScreenOptions } from "../../../testing/render";
import { ProfileHighlights } from "./profile-highlights";

// The viewer's code is loaded lazily (lazy-memory-viewer.tsx): loaded once up front.
beforeAll(() => import("../../../features/memories/components/memory-viewer"));

const harbour = aProfileMemory({ id: "m-h", caption: "Harbour" });
const dunes = aProfileMemory({ id: "m-d", caption: "Dunes" });
const render = (mocks: RenderScreenOptions["mocks"]) =>
  renderScreen(<ProfileHighlights />, { path: "/app/profile", mocks });
const tiles = () =>
  within(screen.getByRole("list", { name: "Highlights" }))
    .getAllByRole("button")
    .map((b) => b.getAttribute("aria-label"));

describe("Profile → Highlights", () => {
  it("shows one's highlights in order; a tap opens the viewer", async () => {
    render([myHighlightsMock([dunes, harbour])]);
    await screen.findByRole("list", { name: "Highlights" });
    expect(tiles()).toEqual(["Open Dunes", "Open Harbour"]);
    await userEvent.click(screen.getByRole("button", { name: "Open Harbour" }));
    expect(await screen.findByRole("dialog", { name: "Harbour" })).toBeInTheDocument();
  });

  it("chooses, reorders and removes: each change is saved and shown", async () => {
    render([
      myHighlightsMock([harbour]),
      profileMemoriesMock(null, [dunes, harbour]),
      setHighlightsMock(["m-h", "m-d"], { highlights: [harbour, dunes] }),
      setHighlightsMock(["m-d", "m-h"], { highlights: [dunes, harbour] }),
      setHighlightsMock(["m-d"], { highlights: [dunes] }),
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Choose highlights" }));
    expect(screen.getByRole("button", { name: "Done" })).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Dunes" }));
    await waitFor(() => expect(tiles()).toEqual(["Open Harbour", "Open Dunes"]));
    await userEvent.click(screen.getByRole("button", { name: "Move Dunes up" }));
    await waitFor(() => expect(tiles()).toEqual(["Open Dunes", "Open Harbour"]));
    await userEvent.click(screen.getByRole("button", { name: "Remove Harbour" }));
    await waitFor(() => expect(tiles()).toEqual(["Open Dunes"]));
    expect(screen.getByRole("checkbox", { name: "Harbour" })).not.toBeChecked();
  });

  it("shows the server's message when a choice is refused", async () => {
    render([
      myHighlightsMock([]),
      profileMemoriesMock(null, [harbour]),
      setHighlightsMock(["m-h"], {
        errors: [
          { message: "You can feature only memories from your own timelines", extensions: { code: "BAD_USER_INPUT" } },
        ],
      }),
    ]);
    expect(await screen.findByRole("heading", { name: "No highlights yet" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Choose highlights" }));
    await userEvent.click(await screen.findByRole("checkbox", { name: "Harbour" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You can feature only memories from your own timelines");
  });
});
