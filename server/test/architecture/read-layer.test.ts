import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { isTableRead, readScanner, type ReadSite } from "./read-scan.js";

/**
 * Reads safe by construction (docs/decisions/003-privacy-tiers.md, "Enforcement"): every read of
 * timelines, memories, media_files, notifications, relationships and users goes through the
 * access-aware read layer in server/src/modules/access/, which takes the viewer. This test fails
 * when any other file in server/src reads those tables, except for the short list below.
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
  { path: "modules/access/", why: "the read layer itself, and the access policy it applies" },
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
];

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

const fixture = path.join(here, "fixtures", "reads-around-the-layer.ts");
let scan: ReturnType<typeof readScanner>;
let files: string[];
beforeAll(() => {
  files = sourceFiles(srcDir);
  scan = readScanner([...files, fixture], tsconfig);
}, 180_000);

describe("the read layer is the only way to read the six tables", () => {
  it("no file in server/src reads timelines, memories, media_files, notifications, relationships or users around it", () => {
    const sites = scan(srcDir, files);
    const outside = sites.filter((s) => !allowedBy(s));
    const inLayer = sites.filter((s) => s.file.startsWith("modules/access/"));
    console.log(
      `[read-layer] ${files.length} files scanned: ${sites.length} table reads, ${inLayer.length} in the read layer, ` +
        `${sites.length - inLayer.length - outside.length} allowed elsewhere, ${outside.length} around the layer`,
    );
    expect(
      outside.map((s) => `${s.file}:${s.line} ${s.fn ? `(${s.fn}) ` : ""}reads around the read layer: ${s.what}`),
      "read these through server/src/modules/access (the Reads layer), or name the exception and why in ALLOWED",
    ).toEqual([]);
    // every narrow exception still names a real read (no stale entries)
    const unused = ALLOWED.filter((a) => a.fn && !sites.some((s) => allowedBy(s) === a));
    expect(unused.map((a) => `${a.path} ${a.fn}`)).toEqual([]);
  }, 180_000);

  it("the scan sees every shape of read, and leaves writes alone", () => {
    const sites = scan(path.dirname(fixture), [fixture]);
    expect([...new Set(sites.map((s) => s.fn))].sort()).toEqual([
      "readCount",
      "readManagerFind",
      "readQueryBuilder",
      "readQueryRows",
      "readRawSelect",
      "readThroughGetter",
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
