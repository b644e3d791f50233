import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { SERVER_DIR } from "../helpers/server-process.js";

/**
 * The process-wide guard (lib/process-guard.ts) in a real process: a database out of reach and
 * a malformed multipart body that no code handled leave it serving; a TypeError stops it with 1.
 */
describe("the process-wide guard", () => {
  it("survives what is known to be harmless, logs it, and stops on anything else", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/ops/process-guard-child.ts"], {
      cwd: SERVER_DIR,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    const events = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map(
        (l) =>
          JSON.parse(l) as { time: number; event?: string; name?: string; kind?: string; err?: { errorCode?: string } },
      )
      // pino buffers info lines and writes a fatal line at once: on a loaded machine the fatal
      // line can come out before an earlier step's. Each line's own time tells the real order.
      .sort((a, b) => a.time - b.time);
    const summary = events.map((e) => [e.event, e.name ?? e.kind, e.err?.errorCode ?? null]);
    expect(summary.slice(0, 4)).toEqual([
      ["process.survived", "unhandledRejection", "ECONNREFUSED"],
      ["test.step", "after the refused connection", null],
      ["process.survived", "uncaughtException", null],
      ["test.step", "after the parser error", null],
    ]);
    // then the fatal line and the stop (pino may print the fatal line after the stop's own line)
    expect(summary.slice(4)).toEqual(
      expect.arrayContaining([
        ["process.fatal", "uncaughtException", null],
        ["test.stopping", undefined, null],
      ]),
    );
    expect(summary).toHaveLength(6);
    expect(code).toBe(1);
  });
});
