import { describe, expect, it } from "vitest";
import { characterCount } from "./characters";

describe("characterCount", () => {
  it("counts what people see: 20 family emoji are 20 characters, within a 100-character limit", () => {
    const family = "👨‍👩‍👧‍👦";
    expect(family.length).toBe(11);
    expect(characterCount(family.repeat(20))).toBe(20);
    expect(characterCount("é")).toBe(1); // e + combining accent
    expect(characterCount("abc")).toBe(3);
  });
});
