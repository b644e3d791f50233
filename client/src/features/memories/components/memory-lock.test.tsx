import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aMemory } from "../testing/memory-mocks";
import { NARROWER_MEMORY_LABEL } from "../lib/messages";
import { MemoryStrip } from "./memory-strip";
import { MemoryViewer } from "./memory-viewer";

/** The lock on a memory seen by fewer people than its timeline (docs/decisions/052-memory-privacy.md). */
describe("the lock on a narrower memory", () => {
  const strip = (narrower: boolean) =>
    render(
      <MemoryStrip
        memories={[aMemory({ id: "m-1", narrowerThanTimeline: narrower, caption: "Just us" })]}
        onOpen={() => {}}
        onEdit={() => {}}
      />,
    );

  it("shows a lock with its words on a strip card narrower than its timeline, part of the card's name", () => {
    strip(true);
    expect(screen.getByRole("img", { name: NARROWER_MEMORY_LABEL })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: new RegExp(NARROWER_MEMORY_LABEL) })).toBeInTheDocument();
  });

  it("shows no lock on a memory seen as its timeline is", () => {
    strip(false);
    expect(screen.queryByRole("img", { name: NARROWER_MEMORY_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByTestId("memory-lock")).not.toBeInTheDocument();
  });

  it("says it in the viewer, beside a lock, on a narrower memory only", () => {
    render(
      <MemoryViewer
        memories={[aMemory({ id: "m-1", narrowerThanTimeline: true }), aMemory({ id: "m-2" })]}
        startId="m-1"
        onClose={() => {}}
      />,
    );
    const slide = screen.getByTestId("memory-viewer").querySelector<HTMLElement>("[data-active]")!;
    expect(slide).toHaveTextContent(NARROWER_MEMORY_LABEL);
    expect(slide.querySelector('[data-testid="memory-lock"]')).not.toBeNull();
  });
});
