import fs from "node:fs";
import path from "node:path";
import type { FirstQuery } from "./first-data.js";

/**
 * The app's HTML for the signed-in first screens (docs/decisions/029-first-load-and-shell.md).
 *
 * The client's build lists them (`.vite/first-screens.json`, written by
 * client/build/first-screens.ts): for `/app/timelines` and `/app/view-timeline`, the screen's
 * chunks and stylesheets are preloaded in the HTML, so the browser fetches them beside the entry
 * script instead of after it has run; where a screen's top holds no data, its markup goes into
 * `#root`, so the first paint is the screen's heading instead of the logo. The markup is the same
 * for everyone (no one's data), and it is sent only with a live session: a visitor without one
 * is sent to /login by the app and never sees a signed-in heading. The session's person's data
 * comes from ./first-data.ts.
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
interface FirstScreen {
  module: string;
  html?: string;
  query?: FirstQuery;
}

export const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?ks\.sid=/;
const ROOT_MARK = /(<div id="root">)[\s\S]*?(<\/div>\s*<noscript>)/;

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** The files of `key` and of everything it imports statically, minus those `have` already holds. */
function filesOf(manifest: Record<string, ManifestChunk>, key: string, have: Set<string>) {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k)) return;
    seen.add(k);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (!have.has(chunk.file)) scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!have.has(css)) styles.push(css);
  };
  visit(key);
  return { scripts, styles };
}

export interface FirstScreenPage {
  /** with a live session: the screen's heading (where it has one) */
  signedIn: string;
  /** anyone else: index.html with the preloads only */
  signedOut: string;
  /** the screen's first query, answered in the HTML for the session's person (./first-data.ts) */
  query?: FirstQuery;
}

export interface FirstScreenPages {
  /** The first screen at `pathname`, or null when it is the plain index.html. */
  screenFor(pathname: string): FirstScreenPage | null;
}

/** `page` with `head` (the first screen's data and preloads) before `</head>`. */
export function withHead(page: string, head: string): string {
  return head ? page.replace("</head>", () => `${head}</head>`) : page;
}

export function firstScreenPages(distDir: string): FirstScreenPages {
  const screens = readJson<Record<string, FirstScreen>>(path.join(distDir, ".vite", "first-screens.json"));
  const manifest = readJson<Record<string, ManifestChunk>>(path.join(distDir, ".vite", "manifest.json"));
  let index = "";
  try {
    index = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
  } catch {
    // no build: nothing to enrich
  }
  const pages = new Map<string, FirstScreenPage>();
  if (screens && manifest && index.includes("</head>")) {
    const have = new Set([...index.matchAll(/\/(assets\/[^"]+)"/g)].map((m) => m[1]!));
    for (const [route, screen] of Object.entries(screens)) {
      const { scripts, styles } = filesOf(manifest, screen.module, have);
      const links = [
        ...styles.map((f) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${f}">`),
        ...scripts.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`),
      ].join("");
      const signedOut = index.replace("</head>", `${links}</head>`);
      const signedIn =
        screen.html && ROOT_MARK.test(signedOut)
          ? signedOut.replace(ROOT_MARK, (_all, open: string, close: string) => `${open}${screen.html}${close}`)
          : signedOut;
      pages.set(route, { signedIn, signedOut, ...(screen.query ? { query: screen.query } : {}) });
    }
  }
  return {
    screenFor: (pathname) => pages.get(pathname.replace(/\/+$/, "")) ?? null,
  };
}
