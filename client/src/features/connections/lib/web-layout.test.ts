import { describe, expect, it } from "vitest";
import {
  clampPan,
  clampZoom,
  fitScale,
  MAX_CONNECTIONS,
  placeConnections,
  rankConnections,
  usedRings,
  WEB_RINGS,
} from "./web-layout";

const person = (id: string, memoryCount: number) => ({ id, memoryCount });
const ids = (people: { id: string }[]) => people.map((p) => p.id);

describe("rankConnections (docs/product.md §9)", () => {
  it("ranks by shared memory count, highest first, and keeps at most 10", () => {
    const people = Array.from({ length: 14 }, (_, i) => person(`p${i}`, i));
    const ranked = rankConnections(people);
    expect(MAX_CONNECTIONS).toBe(10);
    expect(ids(ranked)).toEqual(["p13", "p12", "p11", "p10", "p9", "p8", "p7", "p6", "p5", "p4"]);
  });

  it("counts negative (and missing) counts as 0", () => {
    const ranked = rankConnections([person("a", -5), person("b", 0), person("c", 1), person("d", Number.NaN)]);
    expect(ids(ranked)).toEqual(["c", "a", "b", "d"]);
    expect(ranked.map((p) => p.memoryCount)).toEqual([1, 0, 0, 0]);
  });

  it("on a tie, favours people already shown, in their earlier order", () => {
    const people = [person("new1", 3), person("old2", 3), person("new2", 3), person("old1", 3), person("top", 9)];
    expect(ids(rankConnections(people, ["old1", "old2"]))).toEqual(["top", "old1", "old2", "new1", "new2"]);
  });

  it("keeps someone already shown in place of a newcomer with the same count at the cut-off", () => {
    const shown = Array.from({ length: 10 }, (_, i) => person(`s${i}`, 1));
    const newcomer = person("newcomer", 1);
    const ranked = rankConnections([newcomer, ...shown], ids(shown));
    expect(ids(ranked)).not.toContain("newcomer");
    expect(ranked).toHaveLength(10);
  });

  it("lets a newcomer with more shared memories in", () => {
    const shown = Array.from({ length: 10 }, (_, i) => person(`s${i}`, 1));
    const ranked = rankConnections([...shown, person("newcomer", 2)], ids(shown));
    expect(ranked[0]?.id).toBe("newcomer");
    expect(ids(ranked)).not.toContain("s9");
  });

  it("adds up the counts of a person listed once per shared timeline", () => {
    const ranked = rankConnections([person("a", 2), person("b", 3), person("a", 2)]);
    expect(ranked).toEqual([
      { id: "a", memoryCount: 4 },
      { id: "b", memoryCount: 3 },
    ]);
  });
});

describe("placeConnections (docs/product.md §9 rings)", () => {
  const ten = Array.from({ length: 10 }, (_, i) => `p${i}`);

  it("puts the top 2 on Closest (r 120, node 28), the next 3 on Close (r 200, node 24), the next 5 on Important (r 280, node 20)", () => {
    const placed = placeConnections(ten);
    expect(placed.map((node) => node.ring.name)).toEqual([
      "Closest",
      "Closest",
      "Close",
      "Close",
      "Close",
      "Important",
      "Important",
      "Important",
      "Important",
      "Important",
    ]);
    for (const node of placed) {
      expect(Math.hypot(node.x, node.y)).toBeCloseTo(node.ring.radius, 1);
    }
    expect(placed.map((node) => node.nodeRadius)).toEqual([28, 28, 24, 24, 24, 20, 20, 20, 20, 20]);
    expect(WEB_RINGS.map((ring) => [ring.name, ring.slots, ring.radius, ring.nodeRadius])).toEqual([
      ["Closest", 2, 120, 28],
      ["Close", 3, 200, 24],
      ["Important", 5, 280, 20],
    ]);
  });

  it("spreads each ring's slots evenly around the circle", () => {
    const placed = placeConnections(ten);
    const angleOf = (i: number) => (Math.atan2(placed[i]!.y, placed[i]!.x) * 180) / Math.PI;
    const step = (a: number, b: number) => (((angleOf(b) - angleOf(a)) % 360) + 360) % 360;
    expect(step(0, 1)).toBeCloseTo(180, 0);
    expect(step(2, 3)).toBeCloseTo(120, 0);
    expect(step(3, 4)).toBeCloseTo(120, 0);
    for (let i = 5; i < 9; i += 1) expect(step(i, i + 1)).toBeCloseTo(72, 0);
  });

  it("keeps people of different rings apart", () => {
    const placed = placeConnections(ten);
    for (const a of placed) {
      for (const b of placed) {
        if (a === b) continue;
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.nodeRadius + b.nodeRadius + 30);
      }
    }
  });

  it("places fewer people on the inner rings first", () => {
    expect(placeConnections(["a"]).map((node) => node.ring.name)).toEqual(["Closest"]);
    expect(placeConnections(["a", "b", "c"]).map((node) => node.ring.name)).toEqual(["Closest", "Closest", "Close"]);
    expect(placeConnections([])).toEqual([]);
  });
});

describe("viewport helpers", () => {
  it("draws only the rings that hold someone", () => {
    expect(usedRings(0)).toEqual([]);
    expect(usedRings(2).map((ring) => ring.name)).toEqual(["Closest"]);
    expect(usedRings(3).map((ring) => ring.name)).toEqual(["Closest", "Close"]);
    expect(usedRings(10).map((ring) => ring.name)).toEqual(["Closest", "Close", "Important"]);
  });

  it("fits the used rings into the viewport, never enlarging", () => {
    expect(fitScale(1000, 10)).toBe(1);
    expect(fitScale(358, 10)).toBeCloseTo(358 / 2 / (280 + 20 + 44));
    expect(fitScale(358, 2)).toBeGreaterThan(fitScale(358, 10));
  });

  it("limits zoom to 0.5–3 and dragging to ±300", () => {
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(1.7)).toBe(1.7);
    expect(clampZoom(9)).toBe(3);
    expect(clampPan(-1000)).toBe(-300);
    expect(clampPan(120)).toBe(120);
    expect(clampPan(301)).toBe(300);
  });
});
