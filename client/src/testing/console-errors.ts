import { vi } from "vitest";

/**
 * Every test fails on an unexpected `console.error` or `console.warn`
 * (docs/decisions/014-testing.md): React's and Apollo's warnings (an unmatched mock, a missing
 * field, a key) are defects to fix at their cause. A test that expects one (for example React
 * Router's default error page logs the error) calls `allowConsoleErrors(pattern)`.
 */
let calls: { level: "error" | "warn"; args: unknown[] }[] = [];
let allowed: RegExp[] = [];

function describeCall(args: unknown[]): string {
  return args
    .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === "string" ? arg : String(arg)))
    .join(" ");
}

export function watchConsoleErrors(): void {
  calls = [];
  allowed = [];
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      calls.push({ level, args });
    });
  }
}

/** Allows console.error and console.warn calls whose text matches `pattern` in the current test. */
export function allowConsoleErrors(pattern: RegExp = /[\s\S]*/): void {
  allowed.push(pattern);
}

export function takeConsoleErrorFailure(): Error | undefined {
  const unexpected = calls
    .map((call) => `console.${call.level}: ${describeCall(call.args)}`)
    .filter((text) => !allowed.some((pattern) => pattern.test(text)));
  calls = [];
  allowed = [];
  if (unexpected.length === 0) return undefined;
  return new Error(`Unexpected console output (${unexpected.length}):\n${unexpected.join("\n---\n")}`);
}
