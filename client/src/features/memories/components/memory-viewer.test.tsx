import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { aMemory } from "../testing/memory-mocks";
import { MemoryViewer, type MemoryViewerMemory, type MemoryViewerTheme } from "./memory-viewer";

function Harness({
  memory,
  theme,
  onEdit,
}: {
  memory: MemoryViewerMemory;
  theme?: MemoryViewerTheme;
  onEdit?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open memory
      </button>
      {open ? <MemoryViewer memory={memory} theme={theme} onClose={() => setOpen(false)} onEdit={onEdit} /> : null}
    </>
  );
}

describe("MemoryViewer (docs/product.md §2)", () => {
  it.each(["teal", "rose", "blue"] as const)("shows the memory in the %s theme", async (theme) => {
    const user = userEvent.setup();
    render(<Harness memory={aMemory()} theme={theme} />);
    await user.click(screen.getByRole("button", { name: "Open memory" }));
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
    expect(within(dialog).queryByRole("button", { name: "Edit Memory" })).toBeNull();
  });

  it("plays a video with its poster", async () => {
    const user = userEvent.setup();
    render(
      <Harness
        memory={aMemory({
          media: { type: "VIDEO", url: "/media/v/video", posterUrl: "/media/v/poster", thumbUrl: null },
        })}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Open memory" }));
    const video = screen.getByLabelText("Video: Sunset at the miradouro");
    expect(video.tagName).toBe("VIDEO");
    expect(video).toHaveAttribute("src", "/media/v/video");
    expect(video).toHaveAttribute("poster", "/media/v/poster");
    expect(video).toHaveAttribute("controls");
  });

  it("offers Edit Memory only when allowed", async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    render(<Harness memory={aMemory()} onEdit={onEdit} />);
    await user.click(screen.getByRole("button", { name: "Open memory" }));
    await user.click(screen.getByRole("button", { name: "Edit Memory" }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it("traps focus, closes on Escape and returns focus to the opener", async () => {
    const user = userEvent.setup();
    render(<Harness memory={aMemory()} onEdit={() => {}} />);
    const opener = screen.getByRole("button", { name: "Open memory" });
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
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe("");
  });

  it("names an untitled memory and leaves out what is missing", async () => {
    const user = userEvent.setup();
    render(<Harness memory={aMemory({ caption: "", location: "", memoryDate: null, meaning: "" })} />);
    await user.click(screen.getByRole("button", { name: "Open memory" }));
    const dialog = screen.getByRole("dialog", { name: "Untitled memory" });
    expect(within(dialog).getByRole("img", { name: "Memory photo" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("region")).toBeNull();
    expect(within(dialog).queryByRole("list")).toBeNull();
  });
});
