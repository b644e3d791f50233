import { describe, expect, it } from "vitest";
import { newestFirst, oldestFirst } from "./memory-order";

const m = (id: string, memoryDate: string | null) => ({ id, memoryDate });

describe("oldestFirst (public timeline detail, docs/product.md §2)", () => {
  it("sorts by memory date ascending, a missing date first", () => {
    const sorted = oldestFirst([m("c", "2024-03-01"), m("none", null), m("a", "2023-12-31"), m("b", "2024-01-15")]);
    expect(sorted.map((x) => x.id)).toEqual(["none", "a", "b", "c"]);
  });

  it("keeps the order of equal dates", () => {
    expect(
      oldestFirst([m("x", "2024-01-01"), m("y", "2024-01-01"), m("z", null), m("w", null)]).map((x) => x.id),
    ).toEqual(["z", "w", "x", "y"]);
  });
});

describe("newestFirst (Memories, docs/product.md §2)", () => {
  it("sorts by memory date descending, a missing date last", () => {
    const sorted = newestFirst([m("none", null), m("a", "2023-12-31"), m("c", "2024-03-01"), m("b", "2024-01-15")]);
    expect(sorted.map((x) => x.id)).toEqual(["c", "b", "a", "none"]);
  });
});
