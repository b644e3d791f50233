import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { aMemory } from "../testing/memory-mocks";
import { KeysWhileLoading, LazyMemoryViewer } from "./lazy-memory-viewer";
import type { ViewerKey } from "./viewer-keys";

/** A key in the first second is never lost (docs/decisions/059-immersive-viewer.md). */

const three = [
  aMemory(),
  aMemory({ id: "m-2", caption: "First coffee", media: { id: "media-2", url: "/media/media-2/display" } }),
  aMemory({ id: "m-3", caption: "Snow in the garden", media: { id: "media-3", url: "/media/media-3/display" } }),
];

describe("LazyMemoryViewer", () => {
  // The first render in this file: the viewer's code is not loaded yet.
  it("applies the ← → pressed while the viewer's code loads, in order, once it opens", async () => {
    const stripKeys = vi.fn();
    document.addEventListener("keydown", stripKeys);
    render(<LazyMemoryViewer memories={three} startId="m-1" onClose={() => {}} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.keyDown(document.body, { key: "ArrowLeft" });
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    // kept for the viewer, not handed to the page behind (the strip's own ← →)
    expect(stripKeys).not.toHaveBeenCalled();
    document.removeEventListener("keydown", stripKeys);

    // the viewer's code arrives (on a busy machine it takes a moment)
    const dialog = await screen.findByRole("dialog", { name: "Snow in the garden" }, { timeout: 10_000 });
    expect(screen.getByTestId("viewer-position")).toHaveTextContent("3 / 3");
    expect(dialog).toBeInTheDocument();
  });

  it("closes on an Escape pressed while the viewer's code loads, and keeps ← → for it", () => {
    const keys: ViewerKey[] = [];
    const onClose = vi.fn();
    render(<KeysWhileLoading keys={keys} onEscape={onClose} />);
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    fireEvent.keyDown(document.body, { key: "Enter" });
    fireEvent.keyDown(document.body, { key: "ArrowLeft", ctrlKey: true });
    fireEvent.keyDown(document.body, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(keys).toEqual(["ArrowRight"]);
  });
});
