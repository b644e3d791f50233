import { describe, expect, it } from "vitest";
import {
  addFiles,
  canMergeWithNext,
  canMove,
  firstHundred,
  groupByDay,
  mergeWithNext,
  movePhoto,
  reorderPhoto,
  splitGroup,
  type TripFile,
} from "./trip-groups";

const file = (key: string, takenAt: string): TripFile => ({ key, takenAt });
const day = (date: string, count: number, prefix = date) =>
  Array.from({ length: count }, (_, i) =>
    file(
      `${prefix}-${String(i).padStart(2, "0")}`,
      `${date}T${String(8 + (i % 12)).padStart(2, "0")}:${String(i).padStart(2, "0")}:00`,
    ),
  );

describe("grouping a trip by day", () => {
  it("makes one memory per day of capture, oldest first, photos in the order taken", () => {
    const groups = groupByDay([
      file("c", "2026-07-02T09:00:00"),
      file("b", "2026-07-01T18:00:00"),
      file("a", "2026-07-01T08:00:00"),
    ]);
    expect(groups.map((g) => [g.day, g.keys])).toEqual([
      ["2026-07-01", ["a", "b"]],
      ["2026-07-02", ["c"]],
    ]);
    expect(groups[0]).toMatchObject({ caption: "", meaning: "", location: "", locationTouched: false });
  });

  it("never puts more than ten in a memory: a day of 23 makes three even ones", () => {
    const groups = groupByDay([...day("2026-07-01", 23), ...day("2026-07-02", 10), ...day("2026-07-03", 7)]);
    expect(groups.map((g) => [g.day, g.keys.length])).toEqual([
      ["2026-07-01", 8],
      ["2026-07-01", 8],
      ["2026-07-01", 7],
      ["2026-07-02", 10],
      ["2026-07-03", 7],
    ]);
    expect(new Set(groups.flatMap((g) => g.keys)).size).toBe(40);
  });

  it("adds files chosen later without repeating those already there", () => {
    const groups = groupByDay(day("2026-07-02", 2));
    const more = addFiles(groups, [...day("2026-07-02", 2), file("x", "2026-07-01T10:00:00")]);
    expect(more.map((g) => [g.day, g.keys])).toEqual([
      ["2026-07-01", ["x"]],
      ["2026-07-02", groups[0]!.keys],
    ]);
  });

  it("keeps the first hundred", () => {
    expect(firstHundred(Array.from({ length: 130 }, (_, i) => i))).toMatchObject({ leftOut: 30 });
    expect(firstHundred([1, 2]).leftOut).toBe(0);
  });
});

describe("the person's changes to the grouping", () => {
  const base = () => groupByDay([...day("2026-07-01", 6), ...day("2026-07-02", 5)]);

  it("splits a memory in two, in the middle or before a given photo, the texts staying with the first", () => {
    const groups = base();
    groups[0] = { ...groups[0]!, caption: "Sea" };
    const split = splitGroup(groups, groups[0]!.id);
    expect(split.map((g) => g.keys.length)).toEqual([3, 3, 5]);
    expect(split[0]!.caption).toBe("Sea");
    expect(split[1]!.caption).toBe("");
    expect(split[1]!.day).toBe("2026-07-01");
    expect(splitGroup(groups, groups[0]!.id, 1).map((g) => g.keys.length)).toEqual([1, 5, 5]);
    const single = groupByDay([file("a", "2026-07-01T08:00:00")]);
    expect(splitGroup(single, single[0]!.id)).toBe(single);
  });

  it("merges a memory with the next while together they are at most ten, keeping both texts", () => {
    const groups = base();
    groups[0] = { ...groups[0]!, caption: "", meaning: "Sun" };
    groups[1] = { ...groups[1]!, caption: "Boats", meaning: "Wind" };
    expect(canMergeWithNext(groups, groups[0]!.id)).toBe(false); // 6 + 5
    const smaller = splitGroup(groups, groups[0]!.id, 5); // 5, 1, 5
    expect(canMergeWithNext(smaller, smaller[1]!.id)).toBe(true);
    const merged = mergeWithNext(smaller, smaller[1]!.id);
    expect(merged.map((g) => g.keys.length)).toEqual([5, 6]);
    expect(merged[1]).toMatchObject({ caption: "Boats", meaning: "Wind" });
    expect(mergeWithNext(groups, groups[0]!.id)).toBe(groups);
    expect(canMergeWithNext(groups, groups[1]!.id)).toBe(false); // the last has no next
  });

  it("moves a photo to the end of the memory before or the start of the one after; an emptied memory goes", () => {
    const groups = base();
    const last = groups[0]!.keys[5]!;
    const moved = movePhoto(groups, groups[0]!.id, last, 1);
    expect(moved[0]!.keys).toHaveLength(5);
    expect(moved[1]!.keys[0]).toBe(last);
    const first = moved[1]!.keys[1]!;
    const back = movePhoto(moved, moved[1]!.id, first, -1);
    expect(back[0]!.keys.at(-1)).toBe(first);
    expect(canMove(groups, groups[0]!.id, -1)).toBe(false);

    const lone = groupByDay([file("a", "2026-07-01T08:00:00"), file("b", "2026-07-02T08:00:00")]);
    const joined = movePhoto(lone, lone[0]!.id, "a", 1);
    expect(joined.map((g) => g.keys)).toEqual([["a", "b"]]);
  });

  it("never moves a photo into a memory that holds ten", () => {
    const groups = groupByDay([...day("2026-07-01", 1), ...day("2026-07-02", 10)]);
    expect(canMove(groups, groups[0]!.id, 1)).toBe(false);
    expect(movePhoto(groups, groups[0]!.id, groups[0]!.keys[0]!, 1)).toBe(groups);
  });

  it("reorders photos within a memory (the first is the cover)", () => {
    const groups = base();
    const [a, b] = groups[0]!.keys;
    const reordered = reorderPhoto(groups, groups[0]!.id, b!, -1);
    expect(reordered[0]!.keys.slice(0, 2)).toEqual([b, a]);
    expect(reorderPhoto(groups, groups[0]!.id, a!, -1)[0]!.keys).toEqual(groups[0]!.keys);
  });
});
