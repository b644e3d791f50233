import fs from "node:fs";

interface Owner {
  pid: number;
  /** The process's start time (Linux: /proc/<pid>/stat), so that a reused pid is not taken for it. */
  started: string | null;
}

function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // fields after the command name (which may hold spaces and parentheses); the start time is the 22nd field
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** Claims this process holds (a second claim of one of them, from this process too, is refused). */
const held = new Set<string>();

function readOwner(file: string): Owner | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Owner;
  } catch {
    return null; // gone, or unreadable: no owner to respect
  }
}

/**
 * Claims an embedded database for this process: `file` names the process that runs it. A second
 * server started on the same DATA_DIR while the first runs is refused with a clear message,
 * instead of stopping the first one's database; the claim of a process that has ended (killed,
 * crashed) is taken over. The file is created exclusively, so of two servers starting at once
 * one wins.
 */
export function claimDatabase(file: string, dir: string): { release(): void } {
  const refused = (pid: number) =>
    new Error(
      `Another Keepsake server (process ${pid}) is running on the database in ${dir}. ` +
        `Stop it first, or start this one with another DATA_DIR. (If no such server runs, delete ${file}.)`,
    );
  if (held.has(file)) throw refused(process.pid);
  const mine: Owner = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine), { mode: 0o600, flag: "wx" });
      held.add(file);
      return {
        release: () => {
          if (!held.delete(file)) return;
          if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const owner = readOwner(file);
    if (owner && owner.pid !== process.pid && isAlive(owner)) throw refused(owner.pid);
    fs.rmSync(file, { force: true }); // the claim of a process that has ended
  }
  throw new Error(`Could not claim the database in ${dir}: ${file} keeps coming back.`);
}
