/**
 * 8. Phone formats (docs/decisions/034-media-formats.md), each in a fresh process
 * (formats-child.ts): a 12 MP HEIC to every variant on one core (`taskset -c 0` where there is
 * taskset; p50 of wall and CPU time), four at once (peak RSS of the process), and a 1080p HEVC
 * clip transcoded to the served H.264 copy (multiple of real time, ffmpeg's peak RSS).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MiB, round, summarize } from "./util.js";

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), "formats-child.ts");

export interface FormatsResult {
  heic: { runs: number; pinned: boolean; bytes: number; p50WallMs: number; maxWallMs: number; p50CpuMs: number };
  heic4: { wallMs: number; baseRssMiB: number; peakRssMiB: number };
  transcode: {
    seconds: number;
    inputMiB: number;
    outputMiB: number;
    wallSeconds: number;
    realtime: number;
    cpuSeconds: number;
    realtimeQuiet: number;
    peakRssMiB: number;
    loadBefore: number;
  };
}

function hasTaskset(): boolean {
  return spawnSync("taskset", ["-c", "0", "true"]).status === 0;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the child's JSON line
function run(args: string[], pin: boolean): any {
  const node = [process.execPath, ...process.execArgv, child, ...args];
  const [cmd, ...rest] = pin ? ["taskset", "-c", "0", ...node] : node;
  const out = spawnSync(cmd!, rest, { encoding: "utf8", maxBuffer: 16 * MiB, timeout: 60 * 60_000 });
  if (out.status !== 0) throw new Error(`formats bench (${args.join(" ")}) failed: ${out.stderr.slice(-2000)}`);
  return JSON.parse(out.stdout.trim().split("\n").pop()!);
}

export function measureFormats(opts: { quick: boolean; log: (line: string) => void }): FormatsResult {
  const pinned = hasTaskset();
  const h = run(["heic", opts.quick ? "3" : "7"], pinned);
  const wall = summarize(h.wallMs as number[]);
  const cpu = summarize(h.cpuMs as number[]);
  opts.log(`  HEIC 12 MP → variants: p50 ${round(wall.p50, 0)} ms wall, ${round(cpu.p50, 0)} ms CPU`);
  const h4 = run(["heic4"], false);
  opts.log(`  4 HEIC at once: peak RSS ${round(h4.peakRss / MiB, 0)} MiB`);
  const tr = run(["transcode", opts.quick ? "3" : "8"], false);
  opts.log(
    `  1080p HEVC → H.264: ${round(tr.realtime, 2)}× real time (${round(tr.realtimeQuiet, 2)}× by its CPU time on 2 cores), ffmpeg peak RSS ${round(tr.peakRss / MiB, 0)} MiB`,
  );
  return {
    heic: {
      runs: h.runs,
      pinned,
      bytes: h.bytes,
      p50WallMs: round(wall.p50, 0),
      maxWallMs: round(wall.max, 0),
      p50CpuMs: round(cpu.p50, 0),
    },
    heic4: {
      wallMs: round(h4.wallMs, 0),
      baseRssMiB: round(h4.baseRss / MiB, 0),
      peakRssMiB: round(h4.peakRss / MiB, 0),
    },
    transcode: {
      seconds: tr.seconds,
      inputMiB: round(tr.inputBytes / MiB, 1),
      outputMiB: round(tr.outputBytes / MiB, 1),
      wallSeconds: round(tr.wallSeconds, 1),
      realtime: round(tr.realtime, 2),
      cpuSeconds: round(tr.cpuSeconds, 1),
      realtimeQuiet: round(tr.realtimeQuiet, 2),
      peakRssMiB: round(tr.peakRss / MiB, 0),
      loadBefore: round(tr.loadBefore, 1),
    },
  };
}
