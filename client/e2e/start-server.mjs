// Starts the built server for the end-to-end journeys on a fresh, empty data directory.
// Used as Playwright's webServer command (see ../playwright.config.ts).
import { chmod, mkdir, rm } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";

const serverMain = fileURLToPath(new URL("../../server/dist/main.js", import.meta.url));
if (!existsSync(serverMain)) {
  process.stderr.write(`e2e: ${serverMain} is missing; run \`npm run build\` first (npm run test:e2e does).\n`);
  process.exit(1);
}

// A fixed name (not mkdtemp) so a crashed run leaves one directory, not many. The embedded
// PostgreSQL runs as the `postgres` user when we are root, so the directory must be traversable
// by it (mkdtemp makes 0700 directories; docs/decisions/012-stack-and-decorators.md P11).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `keepsake-e2e-${process.env.E2E_PORT ?? "3100"}`);
await stopStalePostgres(path.join(dataDir, "pg"));
await rm(dataDir, { recursive: true, force: true });
await mkdir(dataDir, { recursive: true });
await chmod(dataDir, 0o755);

process.env.DATA_DIR = dataDir;
// Run the server in this process: Playwright signals the whole process group on shutdown and the
// server stops its embedded PostgreSQL on SIGTERM.
await import(pathToFileURL(serverMain).href);

/** After a crashed run the embedded PostgreSQL may still be running on the old directory. */
async function stopStalePostgres(pgDir) {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    process.kill(pid, 0);
  } catch {
    return;
  }
  process.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && existsSync(pidFile); i++) await sleep(100);
}
