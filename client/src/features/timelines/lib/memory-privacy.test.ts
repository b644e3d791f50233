import { describe, expect, it } from "vitest";
import { memoryPrivacyChoices, widensMemory } from "./memory-privacy";

/** "Who can see this memory" (docs/decisions/052-memory-privacy.md): never wider than the timeline. */
describe("a memory's tier choices", () => {
  it("offers the timeline's tier first, then each narrower one, never a wider one", () => {
    expect(memoryPrivacyChoices("PUBLIC").map((c) => [c.value, c.label])).toEqual([
      [null, "Same as the timeline"],
      ["SEMI_PRIVATE", "Semi-private"],
      ["PRIVATE", "Private"],
    ]);
    expect(memoryPrivacyChoices("SEMI_PRIVATE").map((c) => c.value)).toEqual([null, "PRIVATE"]);
    expect(memoryPrivacyChoices("PRIVATE").map((c) => c.value)).toEqual([null]);
    expect(memoryPrivacyChoices("SEMI_PRIVATE")[0]).toMatchObject({ tier: "SEMI_PRIVATE", hint: "Semi-private" });
  });

  it("widening compares the tiers in force, the narrower of the memory's and the timeline's", () => {
    expect(widensMemory("PRIVATE", null, "SEMI_PRIVATE")).toBe(true);
    expect(widensMemory(null, "PRIVATE", "PUBLIC")).toBe(false);
    expect(widensMemory("PUBLIC", null, "SEMI_PRIVATE")).toBe(false);
    expect(widensMemory("PRIVATE", "SEMI_PRIVATE", "PUBLIC")).toBe(true);
  });
});
