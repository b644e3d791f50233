import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { aMemory } from "../testing/memory-mocks";
import { MemoryStrip } from "./memory-strip";

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const memories = [
  aMemory({ id: "m-1", caption: "Low tide" }),
  aMemory({ id: "m-2", caption: "Fish market" }),
  aMemory({ id: "m-3", caption: "Night ferry" }),
];

function renderStrip() {
  render(
    <>
      <button type="button">Before</button>
      <MemoryStrip memories={memories} onOpen={() => undefined} onEdit={() => undefined} />
      <button type="button">After</button>
    </>,
  );
  return (caption: string) => screen.getByRole("button", { name: new RegExp(caption) });
}

describe("MemoryStrip's keyboard (issue 30: one tab stop, ← → inside)", () => {
  it("is one tab stop: Tab enters on the first memory and the next Tab leaves the strip", async () => {
    const user = userEvent.setup();
    const card = renderStrip();
    screen.getByRole("button", { name: "Before" }).focus();
    await user.tab();
    expect(card("Low tide")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "After" })).toHaveFocus();
  });

  it("moves with ← → Home End, and Tab comes back to the memory last focused", async () => {
    const user = userEvent.setup();
    const card = renderStrip();
    screen.getByRole("button", { name: "Before" }).focus();
    await user.tab();
    await user.keyboard("{ArrowRight}");
    expect(card("Fish market")).toHaveFocus();
    await user.keyboard("{End}");
    expect(card("Night ferry")).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(card("Night ferry")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(card("Fish market")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(card("Low tide")).toHaveFocus();
    await user.keyboard("{End}");
    // out and back in: the strip is entered where the person left it
    await user.tab();
    expect(screen.getByRole("button", { name: "After" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(card("Night ferry")).toHaveFocus();
    expect(
      screen
        .getAllByRole("button")
        .filter((button) => button.dataset.index !== undefined)
        .map((button) => button.tabIndex),
    ).toEqual([-1, -1, 0]);
  });
});
