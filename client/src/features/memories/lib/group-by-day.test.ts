import { describe, expect, it } from "vitest";
import { formatDayHeading, groupByDay } from "./group-by-day";
import { newestFirst } from "./memory-order";

const m = (id: string, memoryDate: string | null) => ({ id, memoryDate });

describe("groupByDay (the days grid)", () => {
  it("groups the memories of a day under it, days in the order the memories come", () => {
    const memories = [m("a", "2024-06-03"), m("b", "2024-06-03"), m("c", "2024-06-01"), m("d", null)];
    expect(groupByDay(memories).map((day) => [day.date, day.memories.map((x) => x.id)])).toEqual([
      ["2024-06-03", ["a", "b"]],
      ["2024-06-01", ["c"]],
      [null, ["d"]],
    ]);
  });

  it("goes the way the strip goes: newest day first for a timeline's memories", () => {
    const memories = newestFirst([
      m("old", "2023-12-24"),
      m("none", null),
      m("new", "2024-01-05"),
      m("mid", "2024-01-01"),
    ]);
    expect(groupByDay(memories).map((day) => day.date)).toEqual(["2024-01-05", "2024-01-01", "2023-12-24", null]);
  });

  it("puts a date that is not a real date with the undated ones", () => {
    expect(groupByDay([m("x", "2024-02-30"), m("y", null)])).toEqual([
      { date: null, memories: [m("x", "2024-02-30"), m("y", null)] },
    ]);
  });

  it("heads a day with its weekday and date, like the rest of the app", () => {
    expect(formatDayHeading("2024-01-05")).toBe("Friday, Jan 5, 2024");
    expect(formatDayHeading(null)).toBe("No date");
  });
});
