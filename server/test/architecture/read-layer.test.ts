import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { isTableRead, readScanner, type ReadSite } from "./read-scan.js";

/**
 * Reads safe by construction (docs/decisions/003-privacy-tiers.md, "Enforcement";
 * docs/decisions/033-server-layers.md): each feature reads timelines, memories, media_files,
 * notifications, relationships and users in its own `*.reads.ts` files (and the row readers
 * `*-rows.ts` behind them), and every public read there takes the caller, so the policy is applied
 * for someone. This test fails when any other file in server/src reads those tables (except for
 * the short list below), when a public read does not take a Viewer or an Asker first, or when
 * code reaches a row reader around the reads.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, "../..");
const srcDir = path.join(serverDir, "src");
const tsconfig = path.join(serverDir, "tsconfig.json");

interface Exception {
  /** a file, or a folder ending in "/" */
  path: string;
  /** only this function or method of the file */
  fn?: string;
  why: string;
}

const ALLOWED: Exception[] = [
  {
    path: "modules/access/",
    why: "the access policy itself: the connection web and a timeline's facts it decides on",
  },
  { path: "db/", why: "migrations and database setup: schema, not rows" },
  {
    path: "modules/auth/account.ts",
    why: "sign-in: the account of an address just verified, found or created inside the token's transaction, before there is any viewer",
  },
  {
    path: "modules/media/media-sweeper.ts",
    fn: "sweep",
    why: "the orphan sweeper: a background job with no viewer, reading only ids and storage keys of files to delete",
  },
  {
    path: "modules/timelines/timeline-locks.ts",
    why: "reads under a write's row lock, inside its transaction, after the service has checked the caller through the reads",
  },
];

/** A feature's reads: `modules/<feature>/<name>.reads.ts` and the row readers `modules/<feature>/<name>-rows.ts`. */
const isReader = (file: string) => /^modules\/[^/]+\/[^/]+(\.reads|-rows)\.ts$/.test(file);

const allowedBy = (s: ReadSite) =>
  ALLOWED.find(
    (a) => (a.path.endsWith("/") ? s.file.startsWith(a.path) : s.file === a.path) && (!a.fn || a.fn === s.fn),
  );

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const fixtures = path.join(here, "fixtures");
const aroundFixture = path.join(fixtures, "reads-around-the-layer.ts");
const readerFixtures = sourceFiles(path.join(fixtures, "readers"));
let scan: ReturnType<typeof readScanner>;
let files: string[];
beforeAll(() => {
  files = sourceFiles(srcDir);
  scan = readScanner([...files, aroundFixture, ...readerFixtures], tsconfig);
}, 180_000);

describe("each feature reads the six tables through its own reads, for a caller", () => {
  it("no file in server/src reads timelines, memories, media_files, notifications, relationships or users outside a *.reads.ts or *-rows.ts file", () => {
    const sites = scan.reads(srcDir, files);
    const outside = sites.filter((s) => !isReader(s.file) && !allowedBy(s));
    const inReaders = sites.filter((s) => isReader(s.file));
    console.log(
      `[read-layer] ${files.length} files scanned: ${sites.length} table reads, ${inReaders.length} in the features' readers, ` +
        `${sites.length - inReaders.length - outside.length} allowed elsewhere, ${outside.length} around them`,
    );
    expect(
      outside.map((s) => `${s.file}:${s.line} ${s.fn ? `(${s.fn}) ` : ""}reads around the features' reads: ${s.what}`),
      "read these in the feature's modules/<feature>/*.reads.ts (taking the Viewer or an Asker), or name the exception and why in ALLOWED",
    ).toEqual([]);
    // every narrow exception still names a real read (no stale entries)
    const unused = ALLOWED.filter((a) => !a.path.endsWith("/") && !sites.some((s) => allowedBy(s) === a));
    expect(unused.map((a) => `${a.path} ${a.fn ?? ""}`)).toEqual([]);
  }, 180_000);

  it("every public read takes the caller first, and only the reads use the row readers", () => {
    const breaches = scan.breaches(srcDir, files);
    expect(
      breaches.map((b) => `${b.file}:${b.line} ${b.what}`),
      "a public read of a *.reads.ts file takes the Viewer (or an Asker) first; services call the reads, never the *-rows.ts readers",
    ).toEqual([]);
    // the check is not vacuous: every feature with a reads file is seen
    expect(files.filter((f) => f.endsWith(".reads.ts")).length).toBeGreaterThanOrEqual(8);
  }, 180_000);

  it("the scan sees every shape of read, and leaves writes alone", () => {
    const sites = scan.reads(path.dirname(aroundFixture), [aroundFixture]);
    expect([...new Set(sites.map((s) => s.fn))].sort()).toEqual([
      "readCount",
      "readManagerFind",
      "readQueryBuilder",
      "readQueryRows",
      "readRawSelect",
      "readThroughGetter",
    ]);
  }, 180_000);

  it("the reader check reports a public read without the caller, and the row readers reached around the reads", () => {
    const breaches = scan.breaches(fixtures, readerFixtures);
    expect(breaches.map((b) => `${b.file} ${b.what}`).sort()).toEqual([
      "readers/around-the-reads.ts imports the row readers ./sample-rows.js around a *.reads.ts file",
      "readers/sample.reads.ts skipsTheCaller does not take the caller (a Viewer or an Asker) first",
      "readers/sample.reads.ts skipsTheCallerToo does not take the caller (a Viewer or an Asker) first",
      "readers/sample.reads.ts skipsWithAnotherShape does not take the caller (a Viewer or an Asker) first",
    ]);
  }, 180_000);

  it("tells a read statement from a write with a sub-select", () => {
    expect(isTableRead(`SELECT id FROM timelines WHERE id = $1 FOR UPDATE`)).toBe(true);
    expect(isTableRead(`  with x AS (SELECT 1) SELECT * FROM "users"`)).toBe(true);
    expect(isTableRead(`SELECT m.id FROM other o JOIN media_files m ON true`)).toBe(true);
    expect(isTableRead(`UPDATE notifications SET is_read = true WHERE EXISTS (SELECT 1 FROM timelines)`)).toBe(false);
    expect(isTableRead(`DELETE FROM media_files WHERE id = $1 RETURNING id`)).toBe(false);
    expect(isTableRead(`SELECT 1`)).toBe(false);
    expect(isTableRead(`SELECT * FROM sign_in_tokens`)).toBe(false);
  });
});
