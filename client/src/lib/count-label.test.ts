import { describe, expect, it } from "vitest";
import { countLabel } from "./count-label";

describe("countLabel", () => {
  it('reads "{n} memories", singular for one', () => {
    expect(countLabel(0, "memory", "memories")).toBe("0 memories");
    expect(countLabel(1, "memory", "memories")).toBe("1 memory");
    expect(countLabel(12, "memory", "memories")).toBe("12 memories");
  });

  it("reads the connection web's shared memories", () => {
    expect(countLabel(1, "shared memory", "shared memories")).toBe("1 shared memory");
    expect(countLabel(7, "shared memory", "shared memories")).toBe("7 shared memories");
  });
});
