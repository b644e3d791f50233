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
  /**
   * with a live session and the screen rendered on the server (./first-screen-render.ts): its
   * stylesheets inline, not only preloaded, since the rendered markup uses their classes
   */
  painted: string;
  /** anyone else: index.html with the preloads only */
  signedOut: string;
  /** the screen's first query, answered in the HTML for the session's person (./first-data.ts) */
  query?: FirstQuery;
}

export interface FirstScreenPages {
  /** The first screen at `pathname`, or null when it is the plain index.html. */
  screenFor(pathname: string): FirstScreenPage | null;
}

/**
 * The screen's own stylesheets in the page, for its server-rendered markup: inline, so its first
 * paint waits for no request beyond index.html's own stylesheets (on a phone's connection each
 * one is a round trip before the screen and its first image can show). When the screen's chunk
 * loads, the app's loader adds the same files as links; the same rules again change nothing.
 */
function inlineStyles(distDir: string, files: string[]): string {
  const css = files
    .map((file) => {
      try {
        return fs.readFileSync(path.join(distDir, file), "utf8");
      } catch {
        return "";
      }
    })
    .join("\n")
    // our own build's CSS; a "</style" inside it (in a string or comment) must not end the element
    .replace(/<\/style/gi, "<\\/style");
  return css ? `<style data-first-screen>${css}</style>` : "";
}

/** `page` with `early` (the first image's preload) first in `<head>`, before any stylesheet or script. */
export function withEarlyHead(page: string, early: string): string {
  return early ? page.replace(/<(link|script|style)\b/, (tag) => `${early}${tag}`) : page;
}

/** `page` with `body` (the first screen rendered for the session's person) as the content of `#root`. */
export function withRoot(page: string, body: string): string {
  return page.replace(ROOT_MARK, (_all, open: string, close: string) => `${open}${body}${close}`);
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
      const modules = scripts.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`);
      const links = [
        ...styles.map((f) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${f}">`),
        ...modules,
      ].join("");
      const signedOut = index.replace("</head>", `${links}</head>`);
      const painted = index.replace("</head>", () => `${inlineStyles(distDir, styles)}${modules.join("")}</head>`);
      const signedIn =
        screen.html && ROOT_MARK.test(signedOut)
          ? signedOut.replace(ROOT_MARK, (_all, open: string, close: string) => `${open}${screen.html}${close}`)
          : signedOut;
      pages.set(route, { signedIn, signedOut, painted, ...(screen.query ? { query: screen.query } : {}) });
    }
  }
  return {
    screenFor: (pathname) => pages.get(pathname.replace(/\/+$/, "")) ?? null,
  };
}
