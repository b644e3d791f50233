import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { HighlightsEditor } from "./highlights-editor";
import type { HighlightMemory } from "./highlights-grid";

const memory = (id: string, caption: string): HighlightMemory => ({ id, caption, memoryDate: null });
const [a, b, c] = [memory("m-a", "Harbour"), memory("m-b", "Dunes"), memory("m-c", "")];
const six = Array.from({ length: 6 }, (_, i) => memory(`m-${i}`, `Memory ${i}`));

function renderEditor(highlights: HighlightMemory[], candidates: HighlightMemory[], extra = {}) {
  const onChange = vi.fn();
  render(
    <HighlightsEditor
      highlights={highlights}
      candidates={candidates}
      renderThumb={() => <span />}
      onChange={onChange}
      busy={false}
      error={null}
      {...extra}
    />,
  );
  return onChange;
}

describe("HighlightsEditor", () => {
  it("lists the chosen ones in order with move up, move down and remove", async () => {
    const onChange = renderEditor([a, b, c], [a, b, c]);
    const chosen = screen.getByRole("region", { name: "Your highlights" });
    expect(within(chosen).getByRole("status")).toHaveTextContent("3 of 6 chosen");
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.replace(/[↑↓]/g, "")),
    ).toEqual(["Harbour", "Dunes", "Untitled memory"]);
    expect(screen.getByRole("button", { name: "Move Harbour up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move Untitled memory down" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Move Dunes up" }));
    expect(onChange).toHaveBeenLastCalledWith(["m-b", "m-a", "m-c"]);
    await userEvent.click(screen.getByRole("button", { name: "Move Harbour down" }));
    expect(onChange).toHaveBeenLastCalledWith(["m-b", "m-a", "m-c"]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Dunes" }));
    expect(onChange).toHaveBeenLastCalledWith(["m-a", "m-c"]);
  });

  it("features a memory at the end when its box is ticked, and takes it off when unticked", async () => {
    const onChange = renderEditor([a], [a, b]);
    const choose = screen.getByRole("region", { name: "Choose from your memories" });
    expect(within(choose).getByRole("checkbox", { name: "Harbour" })).toBeChecked();
    await userEvent.click(within(choose).getByRole("checkbox", { name: "Dunes" }));
    expect(onChange).toHaveBeenLastCalledWith(["m-a", "m-b"]);
    await userEvent.click(within(choose).getByRole("checkbox", { name: "Harbour" }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it("at 6 the other memories cannot be ticked; the chosen can still be taken off", () => {
    renderEditor(six, [...six, a]);
    expect(screen.getByRole("checkbox", { name: "Harbour" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Memory 0" })).toBeEnabled();
  });

  it("shows the server's message and locks the controls while saving", () => {
    renderEditor([a, b], [a, b], { busy: true, error: "You can feature at most 6 memories" });
    expect(screen.getByRole("alert")).toHaveTextContent("You can feature at most 6 memories");
    expect(screen.getByRole("button", { name: "Remove Harbour" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Dunes" })).toBeDisabled();
  });
});
