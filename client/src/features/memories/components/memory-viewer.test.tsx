import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { aMemory } from "../testing/memory-mocks";
import { MemoryViewer, type MemoryViewerMemory, type MemoryViewerTheme } from "./memory-viewer";

const three = [
  aMemory(),
  aMemory({
    id: "m-2",
    caption: "First coffee",
    location: "Porto",
    canEdit: false,
    media: { id: "media-2", url: "/media/media-2/display" },
  }),
  aMemory({
    id: "m-3",
    caption: "Snow in the garden",
    location: "Oslo",
    media: { id: "media-3", url: "/media/media-3/display" },
  }),
];

/** A list of cards like the strip's: each opens the viewer at its memory. */
function Harness({
  memories,
  theme,
  onEdit,
}: {
  memories: MemoryViewerMemory[];
  theme?: MemoryViewerTheme;
  onEdit?: (memory: MemoryViewerMemory) => void;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      {memories.map((memory) => (
        <button key={memory.id} type="button" onClick={() => setOpenId(memory.id)}>
          {`Open ${memory.caption || "untitled"}`}
        </button>
      ))}
      {openId ? (
        <MemoryViewer
          memories={memories}
          startId={openId}
          theme={theme}
          onClose={() => setOpenId(null)}
          onEdit={onEdit}
        />
      ) : null}
    </>
  );
}

function currentSlide() {
  const slide = screen.getByTestId("memory-viewer").querySelector<HTMLElement>("[data-active]");
  if (!slide) throw new Error("no current slide");
  return slide;
}

describe("MemoryViewer (docs/product.md §2)", () => {
  it.each(["teal", "rose", "blue"] as const)("shows the memory in the %s theme", async (theme) => {
    const user = userEvent.setup();
    render(<Harness memories={[aMemory()]} theme={theme} />);
    await user.click(screen.getByRole("button", { name: "Open Sunset at the miradouro" }));
    const dialog = screen.getByRole("dialog", { name: "Sunset at the miradouro" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(dialog.closest("[data-theme]")).toHaveAttribute("data-theme", theme);
    expect(within(dialog).getByRole("img", { name: "Sunset at the miradouro" })).toHaveAttribute(
      "src",
      "/media/media-1/display",
    );
    expect(dialog).toHaveTextContent("Jan 5, 2024");
    expect(dialog).toHaveTextContent("Lisbon");
    const why = within(dialog).getByRole("region", { name: "Why this moment matters" });
    expect(why).toHaveTextContent("The evening we decided to stay another week.");
    // The caption is body text, not a heading; one memory has no position or previous/next.
    expect(within(dialog).queryByRole("heading", { name: "Sunset at the miradouro" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Next memory" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Edit Memory" })).toBeNull();
  });

  it("plays a video inline with its poster", async () => {
    const user = userEvent.setup();
    render(
      <Harness
        memories={[
          aMemory({ media: { type: "VIDEO", url: "/media/v/video", posterUrl: "/media/v/poster", thumbUrl: null } }),
        ]}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Open Sunset at the miradouro" }));
    const video = screen.getByLabelText("Video: Sunset at the miradouro");
    expect(video.tagName).toBe("VIDEO");
    expect(video).toHaveAttribute("src", "/media/v/video");
    expect(video).toHaveAttribute("poster", "/media/v/poster");
    expect(video).toHaveAttribute("controls");
    expect(video).toHaveAttribute("playsinline");
  });

  it("moves through the memories in the list's order with the buttons and the arrow keys, showing the position", async () => {
    const user = userEvent.setup();
    render(<Harness memories={three} />);
    await user.click(screen.getByRole("button", { name: "Open First coffee" }));
    const dialog = screen.getByRole("dialog", { name: "First coffee" });
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("2 / 3");
    expect(currentSlide()).toHaveTextContent("Porto");

    await user.click(within(dialog).getByRole("button", { name: "Next memory" }));
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("3 / 3");
    expect(screen.getByRole("dialog", { name: "Snow in the garden" })).toBe(dialog);
    expect(within(dialog).getByRole("button", { name: "Next memory" })).toHaveAttribute("aria-disabled", "true");

    await user.keyboard("{ArrowLeft}");
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("2 / 3");
    await user.keyboard("{ArrowLeft}");
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("1 / 3");
    expect(currentSlide()).toHaveTextContent("Lisbon");
    expect(within(dialog).getByRole("button", { name: "Previous memory" })).toHaveAttribute("aria-disabled", "true");
    // At the start, ← stays put.
    await user.keyboard("{ArrowLeft}");
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("1 / 3");
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByTestId("viewer-position")).toHaveTextContent("2 / 3");
  });

  it("keeps Tab inside the current memory and offers Edit Memory only where allowed", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    render(<Harness memories={three} onEdit={onEdit} />);
    await user.click(screen.getByRole("button", { name: "Open First coffee" }));
    // m-2 may not be edited; the other slides are inert, so their Edit Memory is out of reach.
    expect(screen.queryByRole("button", { name: "Edit Memory" })).toBeNull();
    await user.keyboard("{ArrowRight}");
    await user.click(screen.getByRole("button", { name: "Edit Memory" }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: "m-3" }));
  });

  it("traps focus, closes on Escape and returns focus to the card that opened it", async () => {
    const user = userEvent.setup();
    render(<Harness memories={[aMemory()]} onEdit={() => {}} />);
    const opener = screen.getByRole("button", { name: "Open Sunset at the miradouro" });
    await user.click(opener);
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Edit Memory" })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Edit Memory" })).toHaveFocus();
    expect(document.body.style.overflow).toBe("hidden");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe("");
  });

  it("returns focus to the opening card after moving to another memory", async () => {
    const user = userEvent.setup();
    render(<Harness memories={three} />);
    const opener = screen.getByRole("button", { name: "Open Sunset at the miradouro" });
    await user.click(opener);
    await user.keyboard("{ArrowRight}{ArrowRight}");
    await user.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(opener).toHaveFocus();
  });

  it("closes at once under prefers-reduced-motion", async () => {
    const user = userEvent.setup();
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({
          matches: query === "(prefers-reduced-motion: reduce)",
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    render(<Harness memories={three} />);
    await user.click(screen.getByRole("button", { name: "Open First coffee" }));
    expect(screen.getByTestId("memory-viewer").closest("[data-reduced-motion]")).not.toBeNull();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("clamps a long caption with a more button", async () => {
    const user = userEvent.setup();
    // jsdom lays nothing out: a caption taller than its box is what the browser would measure.
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
      return this.tagName === "P" && (this.textContent ?? "").length > 200 ? 200 : 0;
    });
    const long = "We walked along the river ".repeat(12).trim();
    render(<Harness memories={[aMemory({ caption: long })]} />);
    await user.click(screen.getByRole("button", { name: `Open ${long}` }));
    const caption = screen.getByText(long);
    expect(caption.className).toMatch(/clamped/);
    await user.click(screen.getByRole("button", { name: "more" }));
    expect(caption.className).not.toMatch(/clamped/);
    expect(screen.queryByRole("button", { name: "more" })).toBeNull();
  });

  it("names an untitled memory and leaves out what is missing", async () => {
    const user = userEvent.setup();
    render(<Harness memories={[aMemory({ caption: "", location: "", memoryDate: null, meaning: "" })]} />);
    await user.click(screen.getByRole("button", { name: "Open untitled" }));
    const dialog = screen.getByRole("dialog", { name: "Untitled memory" });
    expect(within(dialog).getByRole("img", { name: "Memory photo" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("region")).toBeNull();
    expect(within(dialog).queryByRole("list")).toBeNull();
  });

  it("says who else changed the caption, place, date or media (docs/decisions/037-each-voice-its-authors.md)", async () => {
    const user = userEvent.setup();
    const edited = aMemory({ editedBy: { id: "u-ben", displayName: "Ben", username: "ben" } });
    render(<Harness memories={[edited, aMemory({ id: "m-2", caption: "Mine alone" })]} />);
    await user.click(screen.getByRole("button", { name: "Open Sunset at the miradouro" }));
    expect(currentSlide()).toHaveTextContent("edited by Ben");
    await user.keyboard("{ArrowRight}");
    await waitFor(() => expect(currentSlide()).toHaveTextContent("Mine alone"));
    expect(currentSlide()).not.toHaveTextContent("edited by");
  });
});
