import "reflect-metadata";
import { afterEach, beforeEach, vi } from "vitest";

/** A test fails on an unexpected console.error (docs/decisions/014-testing.md). */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length)
    throw new Error(`Unexpected console.error: ${errors.map((e) => e.map(String).join(" ")).join("\n")}`);
});
