import { FUTURE_DATE_MESSAGE, INVALID_DATE_MESSAGE } from "@keepsake/contract";
import { describe, expect, it } from "vitest";
import { formatMemoryDate, memoryDateError, parseMemoryDate, todayDateInputValue } from "./memory-date";

const now = new Date(2024, 5, 15, 23, 30);

describe("memory dates (docs/product.md §5, §8)", () => {
  it("formats a date like 'Jan 5, 2024', and nothing for a missing one", () => {
    expect(formatMemoryDate("2024-01-05")).toBe("Jan 5, 2024");
    expect(formatMemoryDate(null)).toBe("");
    expect(formatMemoryDate("2024-02-30")).toBe("");
  });

  it("reads only real calendar dates", () => {
    expect(parseMemoryDate("2024-02-29")).toEqual(new Date(2024, 1, 29));
    expect(parseMemoryDate("2023-02-29")).toBeNull();
    expect(parseMemoryDate("05/01/2024")).toBeNull();
  });

  it("gives today in local time as the input's maximum", () => {
    expect(todayDateInputValue(now)).toBe("2024-06-15");
  });

  it.each([
    ["", null],
    ["2024-06-15", null],
    ["1999-12-31", null],
    ["2024-06-16", FUTURE_DATE_MESSAGE],
    ["2024-13-01", INVALID_DATE_MESSAGE],
    ["not a date", INVALID_DATE_MESSAGE],
  ])("%s → %s", (value, message) => {
    expect(memoryDateError(value, now)).toBe(message);
  });
});
