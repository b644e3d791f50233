import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import os from "node:os";

/**
 * The ffmpeg binary (docs/decisions/034-media-formats.md): `FFMPEG_PATH` when set, else the static
 * build that `@ffmpeg-installer/ffmpeg` installs from the npm registry for this platform (Linux
 * x64/arm64, macOS x64/arm64, Windows x64), else none: videos are then refused with a clear
 * message and photos still work. Runs are niced so requests keep the CPU first, their standard
 * output is bounded, and they are killed past a time limit.
 */
export function locateFfmpeg(configured?: string): string | null {
  if (configured) return configured;
  try {
    const installer = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string };
    return installer.path;
  } catch {
    // the installer throws a string on a platform it has no binary for, or when it is missing
    return null;
  }
}

export interface FfmpegRunOptions {
  /** Killed (SIGKILL) after this long. */
  timeoutMs: number;
  /** Standard output kept in memory at most (a poster frame); more fails the run. */
  maxStdoutBytes?: number;
}

export interface FfmpegOutput {
  stdout: Buffer;
  /** The end of what ffmpeg printed on standard error (stream descriptions, errors). */
  stderr: string;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = "FfmpegError";
  }
}

const STDERR_KEEP = 64 * 1024;
/** Below normal, so a transcode never slows the answers to requests. */
const NICENESS = 10;

export class Ffmpeg {
  private checked: Promise<boolean> | null = null;

  constructor(readonly path: string | null) {}

  /** Whether the binary is there and runs (asked once; `-version` takes milliseconds). */
  available(): Promise<boolean> {
    this.checked ??= this.path
      ? this.run(["-version"], { timeoutMs: 15_000, maxStdoutBytes: 1024 * 1024 }).then(
          () => true,
          () => false,
        )
      : Promise.resolve(false);
    return this.checked;
  }

  /** Runs ffmpeg with `args` (after `-hide_banner -nostdin`); rejects with FfmpegError on a non-zero exit. */
  run(args: string[], opts: FfmpegRunOptions): Promise<FfmpegOutput> {
    const binary = this.path;
    if (!binary) return Promise.reject(new FfmpegError("no ffmpeg binary for this platform", ""));
    return new Promise((resolve, reject) => {
      const child = spawn(binary, ["-hide_banner", "-nostdin", ...args], { stdio: ["ignore", "pipe", "pipe"] });
      if (child.pid) {
        try {
          os.setPriority(child.pid, NICENESS);
        } catch {
          // not permitted on this system: it runs at normal priority
        }
      }
      const out: Buffer[] = [];
      let outBytes = 0;
      let err = "";
      let failure: string | null = null;
      const timer = setTimeout(() => {
        failure = `ffmpeg took longer than ${opts.timeoutMs} ms`;
        child.kill("SIGKILL");
      }, opts.timeoutMs);
      child.stdout.on("data", (chunk: Buffer) => {
        outBytes += chunk.length;
        if (outBytes > (opts.maxStdoutBytes ?? 0)) {
          failure ??= "ffmpeg wrote more than expected";
          child.kill("SIGKILL");
        } else out.push(chunk);
      });
      child.stderr.on("data", (chunk: Buffer) => {
        err = (err + chunk.toString("utf8")).slice(-STDERR_KEEP);
      });
      child.on("error", (e) => {
        clearTimeout(timer);
        reject(new FfmpegError(`ffmpeg could not start: ${e.message}`, err));
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        if (failure) return reject(new FfmpegError(failure, err));
        if (code !== 0) return reject(new FfmpegError(`ffmpeg exited with ${code ?? signal}`, err));
        resolve({ stdout: Buffer.concat(out), stderr: err });
      });
    });
  }
}
