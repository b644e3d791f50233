import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { aMemory } from "../testing/memory-mocks";
import { MemoryViewer, type MemoryViewerMemory } from "./memory-viewer";

/** The immersive viewer (docs/decisions/059-immersive-viewer.md): bounce, desktop controls, the grow, reduced motion. */

const three = [
  aMemory(),
  aMemory({ id: "m-2", caption: "First coffee", media: { id: "media-2", url: "/media/media-2/display" } }),
  aMemory({ id: "m-3", caption: "Snow in the garden", media: { id: "media-3", url: "/media/media-3/display" } }),
];

/** Cards with a round photo, like the strip's: each opens the viewer at its memory. */
function Harness({ memories }: { memories: MemoryViewerMemory[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      {memories.map((memory) => (
        <button key={memory.id} type="button" onClick={() => setOpenId(memory.id)}>
          <img src={`/thumb/${memory.id}`} alt="" style={{ borderRadius: "999px" }} />
          {`Open ${memory.caption}`}
        </button>
      ))}
      {openId ? <MemoryViewer memories={memories} startId={openId} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

/** The media queries that match; every other is false. */
function mockMedia(...matching: string[]) {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: matching.includes(query),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const REDUCED = "(prefers-reduced-motion: reduce)";
const WIDE = "(min-width: 960px)";

function viewport() {
  const element = screen.getByTestId("memory-viewer").querySelector<HTMLElement>("[data-viewer-viewport]");
  if (!element) throw new Error("no viewport");
  return element;
}

describe("the viewer's ends, desktop controls and motion", () => {
  it("bounces when a key or a button tries to go past either end, and stays put", async () => {
    const user = userEvent.setup();
    render(<Harness memories={three} />);
    await user.click(screen.getByRole("button", { name: "Open Snow in the garden" }));
    const dialog = screen.getByRole("dialog", { name: "Snow in the garden" });
    expect(viewport()).not.toHaveAttribute("data-bounce");

    await user.keyboard("{ArrowRight}");
    expect(viewport()).toHaveAttribute("data-bounce", "end");
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("3 / 3");

    // the bounce ends; the next button, aria-disabled at the end, still answers with one
    viewport().dispatchEvent(new Event("animationend", { bubbles: true }));
    await vi.waitFor(() => expect(viewport()).not.toHaveAttribute("data-bounce"));
    const next = within(dialog).getByRole("button", { name: "Next memory" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    await user.click(next);
    expect(viewport()).toHaveAttribute("data-bounce", "end");
    expect(next).toHaveFocus();

    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("1 / 3");
    viewport().dispatchEvent(new Event("animationend", { bubbles: true }));
    await user.click(within(dialog).getByRole("button", { name: "Previous memory" }));
    expect(viewport()).toHaveAttribute("data-bounce", "start");
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("1 / 3");
  });

  it("sets previous and next beside the photo from 960 px wide, and only there", async () => {
    const user = userEvent.setup();
    mockMedia(WIDE);
    render(<Harness memories={three} />);
    await user.click(screen.getByRole("button", { name: "Open First coffee" }));
    const dialog = screen.getByRole("dialog", { name: "First coffee" });
    expect(within(dialog).getByRole("button", { name: "Previous memory" })).toHaveAttribute("data-side", "previous");
    expect(within(dialog).getByRole("button", { name: "Next memory" })).toHaveAttribute("data-side", "next");
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("2 / 3");
    await user.click(within(dialog).getByRole("button", { name: "Next memory" }));
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("3 / 3");
  });

  it("keeps previous and next in the top bar on a phone", async () => {
    const user = userEvent.setup();
    render(<Harness memories={three} />);
    await user.click(screen.getByRole("button", { name: "Open First coffee" }));
    const dialog = screen.getByRole("dialog", { name: "First coffee" });
    expect(within(dialog).getByRole("button", { name: "Next memory" })).not.toHaveAttribute("data-side");
  });

  it("grows the photo from the circle that opened it", async () => {
    const user = userEvent.setup();
    const animate = vi.fn();
    Element.prototype.animate = animate as unknown as Element["animate"];
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const box =
        this.tagName === "IMG" && !this.closest("[data-viewer-frame]") ? [40, 300, 150, 150] : [0, 60, 390, 390];
      const [left, top, width, height] = box as [number, number, number, number];
      return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top } as DOMRect;
    });
    try {
      render(<Harness memories={three} />);
      await user.click(screen.getByRole("button", { name: "Open First coffee" }));
      expect(animate).toHaveBeenCalledTimes(1);
      const [keyframes] = animate.mock.calls[0] as [Keyframe[]];
      // from the circle's centre; the 3:4 photo (292.5 px wide in its 390 px frame) scaled to cover
      // the 150 px circle and cut to it: a round inset
      expect(keyframes[0]!.transform).toMatch(/^translate\(-80px, 120px\) scale\(0\.51/);
      expect(keyframes[0]!.clipPath).toMatch(/^inset\(48\.7\d*px 48\.7\d*px round 146\.2\d*px\)$/);
      expect(keyframes[1]).toEqual({ transform: "none", clipPath: "inset(0px 0px round 0px)" });
      expect(screen.getByTestId("memory-viewer").closest("[data-grow]")).not.toBeNull();
    } finally {
      delete (Element.prototype as Partial<Element>).animate;
    }
  });

  it("neither grows nor bounces under prefers-reduced-motion", async () => {
    const user = userEvent.setup();
    const animate = vi.fn();
    Element.prototype.animate = animate as unknown as Element["animate"];
    mockMedia(REDUCED);
    try {
      render(<Harness memories={three} />);
      await user.click(screen.getByRole("button", { name: "Open Sunset at the miradouro" }));
      expect(screen.getByTestId("memory-viewer").closest("[data-grow]")).toBeNull();
      await user.keyboard("{ArrowLeft}");
      expect(viewport()).not.toHaveAttribute("data-bounce");
      expect(animate).not.toHaveBeenCalled();
    } finally {
      delete (Element.prototype as Partial<Element>).animate;
    }
  });
});
