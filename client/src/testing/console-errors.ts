import { vi } from "vitest";

/**
 * Every test fails on an unexpected `console.error` (docs/decisions/015-code-layout.md). A test that expects one (for
 * example React Router's default error page logs the error) calls `allowConsoleErrors(pattern)`.
 */
let calls: unknown[][] = [];
let allowed: RegExp[] = [];

function describeCall(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === "string" ? arg : String(arg)))
    .join(" ");
}

export function watchConsoleErrors(): void {
  calls = [];
  allowed = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
}

/** Allows console.error calls whose text matches `pattern` in the current test. */
export function allowConsoleErrors(pattern: RegExp = /[\s\S]*/): void {
  allowed.push(pattern);
}

/** The console.error calls of the current test so far. */
export function consoleErrorCalls(): readonly unknown[][] {
  return calls;
}

export function takeConsoleErrorFailure(): Error | undefined {
  const unexpected = calls.map(describeCall).filter((text) => !allowed.some((pattern) => pattern.test(text)));
  calls = [];
  allowed = [];
  if (unexpected.length === 0) return undefined;
  return new Error(`Unexpected console.error (${unexpected.length}):\n${unexpected.join("\n---\n")}`);
}
