import { describe, expect, it } from "vitest";
import { monthMarks, stopAt, yearStops } from "./strip-marks";

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
