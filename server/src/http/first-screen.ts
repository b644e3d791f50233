import fs from "node:fs";
import path from "node:path";

/**
 * The app's HTML for the signed-in first screens (docs/decisions/029-first-load-and-shell.md).
 *
 * The client's build lists them (`.vite/first-screens.json`, written by
 * client/build/first-screens.ts): for `/app/timelines` and `/app/view-timeline`, the screen's
 * chunks and stylesheets are preloaded in the HTML, so the browser fetches them beside the entry
 * script instead of after it has run; where a screen's top holds no data, its markup goes into
 * `#root`, so the first paint is the screen's heading instead of the logo. The markup is the same
 * for everyone (no one's data), and it is sent only with a session cookie: a visitor without one
 * is sent to /login by the app and never sees a signed-in heading.
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
interface FirstScreen {
  module: string;
  html?: string;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?ks\.sid=/;
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

export interface FirstScreenPages {
  /** The HTML for `pathname`, or null when it is the plain index.html. */
  pageFor(pathname: string, cookieHeader: string | undefined): string | null;
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
  const pages = new Map<string, { signedIn: string; signedOut: string }>();
  if (screens && manifest && index.includes("</head>")) {
    const have = new Set([...index.matchAll(/\/(assets\/[^"]+)"/g)].map((m) => m[1]!));
    for (const [route, screen] of Object.entries(screens)) {
      const { scripts, styles } = filesOf(manifest, screen.module, have);
      const links = [
        ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
        ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ].join("");
      const signedOut = index.replace("</head>", `${links}</head>`);
      const signedIn =
        screen.html && ROOT_MARK.test(signedOut)
          ? signedOut.replace(ROOT_MARK, (_all, open: string, close: string) => `${open}${screen.html}${close}`)
          : signedOut;
      pages.set(route, { signedIn, signedOut });
    }
  }
  return {
    pageFor(pathname, cookieHeader) {
      const page = pages.get(pathname.replace(/\/+$/, ""));
      if (!page) return null;
      return cookieHeader && SESSION_COOKIE.test(cookieHeader) ? page.signedIn : page.signedOut;
    },
  };
}
