/**
 * The phone-formats measurements (part 8, docs/decisions/034-media-formats.md), run in a fresh
 * process so its memory is its own: `heic` (a 12 MP HEIC to the display and thumb variants, one
 * at a time: wall and CPU time), `heic4` (four at once: the process's peak RSS) or `transcode`
 * (a 1080p HEVC clip, made here with the bundled ffmpeg, to the served H.264 copy: speed as a
 * multiple of real time and ffmpeg's peak RSS). Prints one JSON line.
 *   node <tsx> bench/lib/formats-child.ts heic|heic4|transcode [runs|seconds]
 */
import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ffmpeg, locateFfmpeg } from "../../server/src/lib/ffmpeg.js";
import { makeImageVariants } from "../../server/src/lib/images.js";
import { VideoTools } from "../../server/src/modules/media/video-tools.js";
import { procRss } from "./util.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const HEIC = path.resolve(here, "../fixtures/photo-12mp.heic");
const [mode, arg] = process.argv.slice(2);

/** Samples a process's RSS every 10 ms; `stop()` answers the peak seen (and the kernel's high-water mark). */
function sampler(pid: () => number | null) {
  let peak = 0;
  let hwm = 0;
  const timer = setInterval(() => {
    const p = pid();
    const r = p ? procRss(p) : null;
    // a process that has exited (a zombie) has no memory figures: NaN, skipped
    if (r && Number.isFinite(r.rss)) peak = Math.max(peak, r.rss);
    if (r && Number.isFinite(r.hwm)) hwm = Math.max(hwm, r.hwm);
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, hwm);
    },
  };
}

async function heic(runs: number) {
  const input = fs.readFileSync(HEIC);
  const wall: number[] = [];
  const cpu: number[] = [];
  await makeImageVariants(input); // the worker's WebAssembly compiled once, as in a running server
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = await makeImageVariants(input);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    if (out.width !== 4032 || out.height !== 3024) throw new Error(`unexpected size ${out.width}×${out.height}`);
  }
  return { runs, wallMs: wall, cpuMs: cpu, bytes: input.length };
}

async function heic4() {
  const input = fs.readFileSync(HEIC);
  const base = procRss(process.pid)!.rss;
  const rss = sampler(() => process.pid);
  const t0 = performance.now();
  await Promise.all([0, 1, 2, 3].map(() => makeImageVariants(input)));
  const wallMs = performance.now() - t0;
  return { wallMs, baseRss: base, peakRss: rss.stop() };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; 100 ticks a second). */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime
  } catch {
    return null;
  }
}

/** The ffmpeg process writing `output`, found in /proc (Linux). */
function ffmpegPid(output: string): number | null {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmd.includes(output) && cmd.includes("libx264")) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

async function transcode(seconds: number) {
  const ffmpeg = new Ffmpeg(locateFfmpeg());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-bench-transcode-"));
  try {
    const input = path.join(dir, "phone.mov");
    // a phone's 1080p30 HEVC recording (Main, 4:2:0, ~10 Mbit/s) with sensor-like grain, and AAC sound
    const g0 = performance.now();
    await ffmpeg.run(
      [
        "-f",
        "lavfi",
        "-i",
        `testsrc2=s=1920x1080:r=30:d=${seconds},noise=alls=6:allf=t`,
        "-f",
        "lavfi",
        "-i",
        `sine=f=440:d=${seconds}`,
        "-c:v",
        "libx265",
        "-preset",
        "ultrafast",
        "-x265-params",
        "log-level=none:bitrate=10000",
        "-tag:v",
        "hvc1",
        "-c:a",
        "aac",
        "-shortest",
        "-f",
        "mov",
        "-y",
        input,
      ],
      { timeoutMs: 30 * 60_000 },
    );
    const makeSeconds = (performance.now() - g0) / 1000;
    const output = path.join(dir, "served.mp4");
    let pid: number | null = null;
    let cpu = 0;
    const rss = sampler(() => {
      pid ??= ffmpegPid(output);
      const used = pid ? cpuSeconds(pid) : null;
      if (used) cpu = Math.max(cpu, used);
      return pid;
    });
    const load = os.loadavg()[0]!;
    const t0 = performance.now();
    await new VideoTools(ffmpeg).transcode(input, output);
    const wallSeconds = (performance.now() - t0) / 1000;
    const peakRss = rss.stop();
    return {
      seconds,
      inputBytes: fs.statSync(input).size,
      outputBytes: fs.statSync(output).size,
      wallSeconds,
      realtime: seconds / wallSeconds,
      cpuSeconds: cpu,
      // what the same work takes with the machine's cores to itself (ffmpeg keeps both busy)
      realtimeQuiet: seconds / (cpu / Math.min(2, os.cpus().length)),
      peakRss,
      loadBefore: load,
      makeSeconds,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const result =
  mode === "heic"
    ? await heic(Number(arg ?? 5))
    : mode === "heic4"
      ? await heic4()
      : mode === "transcode"
        ? await transcode(Number(arg ?? 6))
        : null;
if (!result) throw new Error(`unknown mode ${mode}`);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
