#!/usr/bin/env node
// Every document the repository cites by a path exists, and every id cited in a list with stable
// ids is in that list (run by `npm run lint`; docs/decisions/README.md). Looked at, in every text
// file git knows (tracked or new, not ignored):
//   - repository paths ending in .md ("docs/decisions/003-privacy-tiers.md", "bench/README.md"),
//     from the repository's root;
//   - decision records by file name alone ("003-privacy-tiers.md"), in docs/decisions/;
//   - links and images in Markdown files ("[x](../product.md)", "![s](docs/screenshots/a.png)"),
//     from the file's own folder;
//   - ids after a cited list ("docs/sign-in-requirements.md (D18, B8–B14)"): each must be one of
//     that list's ids.
// Before scanning, the scanner is run on planted text and must find every planted mistake, so
// a broken pattern fails the check instead of passing everything.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const TEXT = /\.(md|ts|tsx|js|mjs|cjs|css|html|graphql|ya?ml|sh)$|(^|\/)(Dockerfile|run|postgres-suites)$/;
// this file is left out: its self-test plants mistakes
const SKIP =
  /(^|\/)(node_modules|dist|test-results)\/|^client\/src\/gql\/|package-lock\.json$|^scripts\/check-doc-links\.mjs$/;
const TOP = "(?:docs|bench|client|server|schema|scripts|notes|\\.ci)";
const REPO_PATH = new RegExp(`(?<![\\w@/.-])(${TOP}/[\\w./-]*?\\.md)(?![\\w/-])`, "g");
const RECORD_NAME = /(?<![\w/.-])(\d{3}-[a-z0-9-]+\.md)(?![\w/-])/g;
const MD_LINK = /!?\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
/** Lists with stable ids (`definedIds` reads which ids each defines). */
const ID_LISTS = [
  "docs/sign-in-requirements.md",
  "docs/performance-goals.md",
  "docs/decisions/012-stack-and-decorators.md",
];
const ID = "(?:[A-Z]\\d{1,2}|T-[A-Z0-9]+-\\d+)";
const RANGE = `(?:\\s*–\\s*(?:${ID}|\\d+))?`; // "B8–B14", "H37–38"
const IDS_AFTER = new RegExp(`^,?\\s*\\(?\\s*(${ID}${RANGE}(?:,\\s*${ID}${RANGE})*)`);

/** The ids a list defines: "**D18 — …", "### A1 — …", "**T-GQL-1** — …". */
function definedIds(text) {
  const ids = new Set();
  for (const m of text.matchAll(new RegExp(`(?:^|\\n)\\s*(?:[-*]\\s+)?(?:\\*\\*|#{2,4} )(${ID})\\b`, "g")))
    ids.add(m[1]);
  return ids;
}

/** "B8–B14" → ["B8", "B14"]; "H37–38" → ["H37", "H38"]. */
function idsIn(list) {
  return list.split(",").flatMap((part) => {
    const [first, last] = part.split("–").map((s) => s.trim());
    if (!last) return [first];
    return [first, /^\d+$/.test(last) ? first.replace(/\d+$/, last) : last];
  });
}

/**
 * The dangling citations in one file's text: `exists(repoPath)` says whether a file or folder
 * exists; `idsOf(repoPath)` gives the ids a list defines.
 */
function danglingIn(file, text, exists, idsOf) {
  const found = [];
  const lineOf = (index) => text.slice(0, index).split("\n").length;
  const check = (target, index, cited = target) => {
    if (!exists(target)) found.push(`${file}:${lineOf(index)}: ${cited} does not exist`);
  };
  const checkIds = (target, m) => {
    const after = IDS_AFTER.exec(text.slice(m.index + m[0].length, m.index + m[0].length + 80));
    if (!after || !exists(target)) return;
    if (!ID_LISTS.includes(target)) {
      found.push(`${file}:${lineOf(m.index)}: ${target} has no list of ids (cited with ${after[1]})`);
      return;
    }
    const known = idsOf(target);
    for (const id of idsIn(after[1]))
      if (!known.has(id)) found.push(`${file}:${lineOf(m.index)}: ${target} has no id ${id}`);
  };
  for (const m of text.matchAll(REPO_PATH)) {
    const target = m[1].replace(/\.$/, "");
    check(target, m.index);
    checkIds(target, m);
  }
  for (const m of text.matchAll(RECORD_NAME)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (/docs\/decisions\/$/.test(before)) continue; // a full path, checked above
    check(`docs/decisions/${m[1]}`, m.index, m[1]);
    checkIds(`docs/decisions/${m[1]}`, m);
  }
  if (file.endsWith(".md")) {
    // links shown as code (a template's "[NNN](NNN-….md)") are not links: blank them, keeping offsets
    const prose = text.replace(/```[\s\S]*?```|`[^`\n]*`/g, (code) => code.replace(/[^\n]/g, " "));
    for (const m of prose.matchAll(MD_LINK)) {
      const target = m[1].split("#")[0];
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      check(resolved.replace(/\/$/, ""), m.index, m[1]);
    }
  }
  return found;
}

function selfTest() {
  const planted = [
    "See docs/decisions/003-privacy-and-access.md and docs/variability.md.",
    "The contract (notes/server-contracts.md).",
    "As 999-no-such-record.md says, and [this](../nowhere.md).",
    "Limits (docs/sign-in-requirements.md (A3, Z9)), ranges (docs/sign-in-requirements.md B8–B99).",
    "Moved: docs/decisions/002-sign-in-safety.md (D18).",
    "Fine: docs/product.md, [index](decisions/README.md), docs/sign-in-requirements.md (D18).",
  ].join("\n");
  const files = new Set([
    "docs/product.md",
    "docs/decisions/README.md",
    "docs/sign-in-requirements.md",
    "docs/decisions/002-sign-in-safety.md",
  ]);
  const ids = new Set(["A3", "B8", "B14", "D18"]);
  const found = danglingIn(
    "docs/planted.md",
    planted,
    (p) => files.has(p),
    () => ids,
  );
  const expected = [
    "003-privacy-and-access.md",
    "variability.md",
    "server-contracts.md",
    "999-no-such-record.md",
    "../nowhere.md",
    "no id Z9",
    "no id B99",
    "has no list of ids",
  ];
  const missed = expected.filter((e) => !found.some((f) => f.includes(e)));
  if (missed.length > 0 || found.length !== expected.length) {
    console.error(
      `check-doc-links: the scanner is broken (missed ${missed.join(", ") || "nothing"}; found:\n${found.join("\n")})`,
    );
    process.exit(1);
  }
}

function repoFiles() {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return out.split("\n").filter((f) => f && TEXT.test(f) && !SKIP.test(f) && fs.existsSync(path.join(root, f)));
}

selfTest();
const idCache = new Map();
const idsOf = (p) => {
  if (!idCache.has(p)) idCache.set(p, definedIds(fs.readFileSync(path.join(root, p), "utf8")));
  return idCache.get(p);
};
const exists = (p) => !p.startsWith("..") && fs.existsSync(path.join(root, p));
const dangling = repoFiles().flatMap((f) => danglingIn(f, fs.readFileSync(path.join(root, f), "utf8"), exists, idsOf));
if (dangling.length > 0) {
  console.error(`check-doc-links: ${dangling.length} dangling citation(s):\n${dangling.join("\n")}`);
  process.exit(1);
}
