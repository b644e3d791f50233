import fs from "node:fs";
import path from "node:path";
import type { FirstQuery } from "./first-data.js";
import { indexPage } from "./index-page.js";

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
 * comes from ./first-data.ts. Where these go into index.html is found by an HTML parser
 * (./index-page.ts).
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

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** The files of `key` and of everything it imports statically, minus those `have` already holds. */
function filesOf(manifest: Record<string, ManifestChunk>, key: string, have: ReadonlySet<string>) {
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
  /** anyone without a live session: index.html with the screen's preloads only */
  signedOut: string;
  /**
   * with a live session: the page with the person's first data and preloads (`head`, from
   * ./first-data.ts), the first image's preload first in `<head>` (`early`) and in `#root` either
   * the screen the server rendered for the person (`body`, ./first-screen-render.ts: its
   * stylesheets then inline, not only preloaded, since its markup uses their classes) or, without
   * one, the screen's heading where it has one
   */
  signedIn(parts: { head: string; early: string; body: string | null }): string;
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
  const page = indexPage(index);
  if (screens && manifest && page) {
    for (const [route, screen] of Object.entries(screens)) {
      const { scripts, styles } = filesOf(manifest, screen.module, page.assets);
      const modules = scripts.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${f}">`);
      const links = [
        ...styles.map((f) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${f}">`),
        ...modules,
      ].join("");
      const painted = `${inlineStyles(distDir, styles)}${modules.join("")}`;
      const heading = screen.html ? { root: screen.html } : {};
      pages.set(route, {
        signedOut: page.with({ head: links }),
        signedIn: ({ head, early, body }) =>
          body
            ? page.with({ early, head: painted + head, root: body })
            : page.with({ early, head: links + head, ...heading }),
        ...(screen.query ? { query: screen.query } : {}),
      });
    }
  }
  return {
    screenFor: (pathname) => pages.get(pathname.replace(/\/+$/, "")) ?? null,
  };
}
