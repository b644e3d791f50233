import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../../testing/render";
import { createFakeUploads } from "../testing/fake-uploads";
import { aMemory } from "../testing/memory-mocks";
import { fakeUploads } from "../testing/upload-file-mock";
import { MemoryForm, type MediaListChoice } from "./memory-form";
import { MemoryViewer } from "./memory-viewer";
import { StackBadge } from "./stack-badge";

vi.mock("exifr", () => ({ default: { parse: vi.fn(async () => null) } }));
vi.mock("../api/find-duplicate", async (importActual) => ({
  ...(await importActual<typeof import("../api/find-duplicate")>()),
  findDuplicate: vi.fn(async () => null),
}));
vi.mock("../api/upload-file", () => import("../testing/upload-file-mock"));

/**
 * Several photos per memory (docs/decisions/051-several-photos-per-memory.md): the form's row of
 * thumbnails, the viewer's swipe through a memory's photos, the strip's badge.
 */

const photo = (name: string) => new File([name], name, { type: "image/jpeg", lastModified: Date.UTC(2024, 2, 3) });
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole("img")
    .map((img) => img.getAttribute("alt") ?? img.getAttribute("aria-label"));

describe("Add and Edit Memory with several photos", () => {
  beforeEach(() => {
    fakeUploads.current = createFakeUploads();
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });

  it("picks three files at once, shows them in a row, reorders and removes; sends the ids in order", async () => {
    const sent: { ids: string[]; changed: boolean }[] = [];
    const onSubmit = vi.fn(async (_values: unknown, _media: unknown, list: MediaListChoice) => {
      sent.push(list);
    });
    renderScreen(<MemoryForm submitLabel="Add Memory" busyLabel="Adding..." onSubmit={onSubmit} timelineId="t-1" />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"][multiple]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [photo("a.jpg"), photo("b.jpg"), photo("c.jpg")] } });
    });
    await act(async () => {
      for (const upload of fakeUploads.current!.pending) upload.succeed();
    });
    const list = screen.getByRole("list", { name: "Photos and videos in this memory" });
    expect(screen.getAllByTestId("media-row-item")).toHaveLength(3);
    expect(names(list)).toEqual(["Photo 1, the cover", "Photo 2", "Photo 3"]);
    expect(screen.getByText("3 of 10. The first is the cover.")).toBeInTheDocument();

    // the targets are buttons with names; the first cannot move earlier, the last not later
    expect(screen.getByRole("button", { name: "Move Photo 1 earlier" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move Photo 3 later" })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Move Photo 3 earlier" }));
    await user.click(screen.getByRole("button", { name: "Remove Photo 1" }));
    expect(screen.getAllByTestId("media-row-item")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Add Memory" }));
    // uploads 1, 2, 3 were a, b, c; c moved before b, then a removed
    expect(sent).toEqual([{ ids: ["upload-3", "upload-2"], changed: true, before: 0 }]);
  });

  it("one photo looks as before, with Add more photos; more than 10 are not taken", async () => {
    renderScreen(<MemoryForm submitLabel="Add Memory" busyLabel="Adding..." onSubmit={vi.fn()} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"][multiple]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [photo("a.jpg")] } });
    });
    expect(screen.getByRole("img", { name: "Preview of the chosen photo" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Photos and videos in this memory" })).not.toBeInTheDocument();
    const more = screen.getByLabelText("Add more photos", { selector: "input" });
    await act(async () => {
      fireEvent.change(more, { target: { files: Array.from({ length: 12 }, (_, i) => photo(`p${i}.jpg`)) } });
    });
    expect(screen.getAllByTestId("media-row-item")).toHaveLength(10);
    expect(screen.getByRole("alert")).toHaveTextContent("A memory holds up to 10 photos or videos");
    expect(screen.queryByRole("button", { name: "Add more photos" })).not.toBeInTheDocument();
  });

  it("Edit Memory starts from the memory's photos; an unchanged list is no change", async () => {
    const sent: MediaListChoice[] = [];
    const items = [
      { id: "m1", type: "IMAGE" as const, url: "/d1", thumbUrl: "/t1" },
      { id: "m2", type: "IMAGE" as const, url: "/d2", thumbUrl: "/t2" },
    ];
    renderScreen(
      <MemoryForm
        submitLabel="Save Changes"
        busyLabel="Saving..."
        currentMedia={items[0]}
        currentItems={items}
        onSubmit={async (_v, _m, list) => void sent.push(list)}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    await user.click(screen.getByRole("button", { name: "Move Photo 2 earlier" }));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(sent).toEqual([
      { ids: ["m1", "m2"], changed: false, before: 2 },
      { ids: ["m2", "m1"], changed: true, before: 2 },
    ]);
  });
});

describe("the viewer goes through a memory's photos before the next memory", () => {
  it("swipes (← →) within the memory with a quiet position, then moves on", async () => {
    const several = aMemory({ id: "m-1", caption: "Lisbon", items: [{}, {}, {}] });
    const next = aMemory({ id: "m-2", caption: "Porto", media: { id: "media-9", url: "/media/media-9/display" } });
    render(<MemoryViewer memories={[several, next]} startId="m-1" onClose={() => {}} />);
    const active = () => screen.getByTestId("memory-viewer").querySelector<HTMLElement>("[data-active]")!;
    expect(screen.getByTestId("viewer-position")).toHaveTextContent("1 / 2");
    expect(within(active()).getByRole("img", { name: "Photo 1 of 3" })).toBeInTheDocument();
    expect(active()).toHaveAttribute("aria-label", "1 of 2, photo 1 of 3");

    const user = userEvent.setup();
    await user.keyboard("{ArrowRight}");
    expect(within(active()).getByRole("img", { name: "Photo 2 of 3" })).toBeInTheDocument();
    expect(within(active()).getByRole("img", { name: "Lisbon (photo 2 of 3)" })).toHaveAttribute(
      "src",
      "/media/media-2/display",
    );
    expect(screen.getByTestId("viewer-position")).toHaveTextContent("1 / 2");
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByTestId("viewer-position")).toHaveTextContent("2 / 2");
    expect(within(active()).queryByTestId("photo-position")).not.toBeInTheDocument();
    // "Previous memory" goes to the memory's first photo
    await user.click(screen.getByRole("button", { name: "Previous memory" }));
    expect(within(active()).getByRole("img", { name: "Photo 1 of 3" })).toBeInTheDocument();
  });
});

describe("the strip's badge", () => {
  it("names how many a memory holds, and shows nothing for one", () => {
    const { rerender } = render(<StackBadge items={[{ type: "IMAGE" }, { type: "IMAGE" }, { type: "IMAGE" }]} />);
    expect(screen.getByRole("img", { name: "3 photos" })).toHaveTextContent("3");
    rerender(<StackBadge items={[{ type: "IMAGE" }, { type: "VIDEO" }]} />);
    expect(screen.getByRole("img", { name: "2 photos and videos" })).toBeInTheDocument();
    rerender(<StackBadge items={[{ type: "IMAGE" }]} />);
    expect(screen.queryByTestId("stack-badge")).not.toBeInTheDocument();
  });
});
