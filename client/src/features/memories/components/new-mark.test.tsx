import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aMemory } from "../testing/memory-mocks";
import { MemoryStrip } from "./memory-strip";

describe("the strip's New mark (docs/decisions/055)", () => {
  it('marks a memory new since the last visit with a dot labelled "New", and only that one', () => {
    render(
      <MemoryStrip
        memories={[aMemory({ id: "m-1", isNew: true }), aMemory({ id: "m-2", caption: "Older", isNew: false })]}
        onOpen={() => undefined}
        onEdit={() => undefined}
      />,
    );
    const [first, second] = within(screen.getByRole("list", { name: "Memories" })).getAllByRole("button");
    expect(first).toHaveAccessibleName(/^New\s*Sunset/);
    expect(second).not.toHaveAccessibleName(/^New/);
    expect(first!.querySelector("[data-new-mark]")).not.toBeNull();
  });
});
