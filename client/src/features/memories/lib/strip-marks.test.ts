import { describe, expect, it } from "vitest";
import { monthMarks, monthMarksOf, stopAt, yearStops, yearStopsOf } from "./strip-marks";

const strip = [
  { memoryDate: "2024-03-09" },
  { memoryDate: "2024-03-01" },
  { memoryDate: "2024-01-05" },
  { memoryDate: "2023-12-24" },
  { memoryDate: "2021-06-30" },
  { memoryDate: null },
  { memoryDate: "not a date" },
];

describe("strip marks (docs/decisions/018-viewer-and-strip.md)", () => {
  it("marks the first memory of each month, and the first undated one", () => {
    expect([...monthMarks(strip)]).toEqual([
      [0, "Mar 2024"],
      [2, "Jan 2024"],
      [3, "Dec 2023"],
      [4, "Jun 2021"],
      [5, "No date"],
    ]);
    expect(monthMarks([]).size).toBe(0);
  });

  it("gives one stop per year where it first appears, and finds the stop of a position", () => {
    const stops = yearStops(strip);
    expect(stops).toEqual([
      { label: "2024", index: 0 },
      { label: "2023", index: 3 },
      { label: "2021", index: 4 },
      { label: "No date", index: 5 },
    ]);
    expect(stopAt(stops, 0)?.label).toBe("2024");
    expect(stopAt(stops, 2)?.label).toBe("2024");
    expect(stopAt(stops, 3)?.label).toBe("2023");
    expect(stopAt(stops, 6)?.label).toBe("No date");
  });
});

describe("marks and years of the whole timeline from its month counts", () => {
  const months = [
    { month: "2024-01", count: 3 },
    { month: "2023-12", count: 1 },
    { month: "2022-07", count: 40 },
    { month: "2022-03", count: 2 },
    { month: null, count: 1 },
  ];

  it("marks the first memory of each month, also beyond the pages read", () => {
    expect([...monthMarksOf(months)]).toEqual([
      [0, "Jan 2024"],
      [3, "Dec 2023"],
      [4, "Jul 2022"],
      [44, "Mar 2022"],
      [46, "No date"],
    ]);
  });

  it("has a stop per year at its first memory", () => {
    expect(yearStopsOf(months)).toEqual([
      { label: "2024", index: 0 },
      { label: "2023", index: 3 },
      { label: "2022", index: 4 },
      { label: "No date", index: 46 },
    ]);
  });
});
