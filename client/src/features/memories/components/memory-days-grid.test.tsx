import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aMemory } from "../testing/memory-mocks";
import { MemoryDaysGrid, tileRatio } from "./memory-days-grid";

// a timeline's memories as the server sends them: newest first (memory-order.ts)
const memories = [
  aMemory({ id: "m-1", caption: "Harbour at dawn", memoryDate: "2024-06-03", location: "Porto" }),
  aMemory({
    id: "m-2",
    caption: "Tram ride",
    memoryDate: "2024-06-03",
    location: "Lisbon",
    media: {
      id: "media-2",
      type: "VIDEO",
      posterUrl: "/media/media-2/poster",
      thumbUrl: null,
      width: 1920,
      height: 1080,
    },
  }),
  aMemory({
    id: "m-3",
    caption: "Arrival",
    memoryDate: "2024-06-01",
    location: "Lisbon",
    media: { id: "media-3", width: 1600, height: 1200 },
  }),
  aMemory({
    id: "m-4",
    caption: "",
    memoryDate: null,
    location: "",
    media: { id: "media-4", width: null, height: null },
  }),
];

const tilesOf = (day: HTMLElement) => within(day).getAllByRole("button");

describe("MemoryDaysGrid (docs/decisions/057-density-switch.md)", () => {
  it("puts each day's memories under its heading, the days in the strip's direction", () => {
    render(<MemoryDaysGrid memories={memories} onOpen={() => {}} />);
    const headings = screen.getAllByRole("heading", { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      "Monday, Jun 3, 2024",
      "Saturday, Jun 1, 2024",
      "No date",
    ]);
    // the day's places beside its date, each once
    expect(screen.getByText("Porto · Lisbon")).toBeInTheDocument();
    const june3 = screen.getByRole("region", { name: "Monday, Jun 3, 2024" });
    expect(tilesOf(june3).map((tile) => tile.textContent)).toEqual(["Harbour at dawn", "Tram ride, video"]);
    expect(tilesOf(screen.getByRole("region", { name: "Saturday, Jun 1, 2024" }))).toHaveLength(1);
    expect(tilesOf(screen.getByRole("region", { name: "No date" })).map((tile) => tile.textContent)).toEqual([
      "Untitled memory",
    ]);
  });

  it("keeps each photo's shape: the tile takes the media's aspect ratio", () => {
    render(<MemoryDaysGrid memories={memories} onOpen={() => {}} />);
    const ratios = screen.getAllByRole("listitem").map((tile) => tile.style.getPropertyValue("--ratio"));
    expect(ratios).toEqual([String(1200 / 1600), String(1920 / 1080), String(1600 / 1200), "1"]);
    // the thumbnails fit inside 320 px without cropping (server/src/lib/images.ts)
    expect(screen.getByRole("button", { name: "Harbour at dawn" }).querySelector("img")).toHaveAttribute(
      "src",
      "/media/media-1/thumb",
    );
  });

  it("shows a video by its poster with a play mark", () => {
    render(<MemoryDaysGrid memories={memories} onOpen={() => {}} />);
    const video = screen.getByRole("button", { name: "Tram ride, video" });
    expect(video.querySelector("img")).toHaveAttribute("src", "/media/media-2/poster");
    expect(video.querySelector("svg")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Harbour at dawn" }).querySelector("svg")).toBeNull();
  });

  it("cuts only a panorama or a very tall photo to what a row can show", () => {
    expect(tileRatio({ width: 6000, height: 1000 })).toBe(2.4);
    expect(tileRatio({ width: 500, height: 2000 })).toBe(0.5);
    expect(tileRatio({ width: 0, height: 100 })).toBe(1);
  });

  it("opens the viewer at the tapped memory; a pointer going down starts loading it", () => {
    const onOpen = vi.fn();
    const onPress = vi.fn();
    render(<MemoryDaysGrid memories={memories} onOpen={onOpen} onPress={onPress} end={<p>next page</p>} />);
    const tile = screen.getByRole("button", { name: "Arrival" });
    fireEvent.pointerDown(tile, { pointerType: "touch" });
    fireEvent.click(tile);
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(memories[2]);
    expect(screen.getByText("next page")).toBeInTheDocument();
  });
});
