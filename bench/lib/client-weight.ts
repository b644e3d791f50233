/**
 * Client weight per route entry from the production build (client/dist): gzip (level 9) of the
 * JS and CSS a first visit loads. From the Vite manifest (dist/.vite/manifest.json): the HTML
 * entry's chunk plus its static imports, transitively; the entry's own dynamic imports with theirs
 * (the app's boot, imported once the first screen is painted: client/src/main.tsx); and for /app
 * the first screen's own chunk with its static imports (`.vite/first-screens.json`: the route the
 * server preloads). So every script the first screen needs is counted; other lazy routes are not. When there is no manifest,
 * from the HTML: <script src>, <link rel=modulepreload>, <link rel=stylesheet>.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface EntryWeight {
  entry: string;
  html: string;
  source: "manifest" | "html";
  files: string[];
  js: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
  htmlBytes: { raw: number; gzip: number };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

function weigh(dist: string, files: string[]) {
  const sum = (ext: string) => {
    const list = files.filter((f) => f.endsWith(ext));
    let raw = 0;
    let gzip = 0;
    for (const f of list) {
      const buf = fs.readFileSync(path.join(dist, f));
      raw += buf.length;
      gzip += gzipSize(buf);
    }
    return { raw, gzip };
  };
  return { js: sum(".js"), css: sum(".css") };
}

function fromManifest(
  manifest: Record<string, ManifestChunk>,
  htmlName: string,
  firstScreen: string | null,
): string[] | null {
  const key = Object.keys(manifest).find((k) => k === htmlName || k.endsWith(`/${htmlName}`));
  if (!key) return null;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) files.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(key);
  for (const d of manifest[key]?.dynamicImports ?? []) visit(d);
  if (firstScreen && manifest[firstScreen]) visit(firstScreen);
  return [...files];
}

/** The module of /app's first screen (the one the server paints and preloads), from the build. */
function firstScreenModule(dist: string): string | null {
  const file = path.join(dist, ".vite", "first-screens.json");
  if (!fs.existsSync(file)) return null;
  const screens = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, { module?: string }>;
  return screens["/app"]?.module ?? null;
}

function fromHtml(html: string): string[] {
  const files = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = attr(tag, "src");
    if (src && /type="module"/.test(tag)) files.add(src.replace(/^\//, ""));
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (href && (rel === "modulepreload" || rel === "stylesheet")) files.add(href.replace(/^\//, ""));
  }
  return [...files].filter((f) => !/^https?:/.test(f));
}

export function clientWeight(dist: string): EntryWeight[] {
  const manifestPath = path.join(dist, ".vite", "manifest.json");
  const manifest = fs.existsSync(manifestPath)
    ? (JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>)
    : null;
  const entries: Array<[string, string]> = [
    ["/ (landing)", "landing.html"],
    ["/app (first load)", "index.html"],
  ];
  const out: EntryWeight[] = [];
  for (const [entry, html] of entries) {
    const htmlPath = path.join(dist, html);
    if (!fs.existsSync(htmlPath)) continue;
    const htmlBuf = fs.readFileSync(htmlPath);
    const viaManifest = manifest
      ? fromManifest(manifest, html, html === "index.html" ? firstScreenModule(dist) : null)
      : null;
    const files = viaManifest ?? fromHtml(htmlBuf.toString("utf8"));
    out.push({
      entry,
      html,
      source: viaManifest ? "manifest" : "html",
      files,
      ...weigh(dist, files),
      htmlBytes: { raw: htmlBuf.length, gzip: gzipSize(htmlBuf) },
    });
  }
  return out;
}

/**
 * How the server actually sends the first-load files to a browser that accepts compression:
 * Content-Encoding and bytes on the wire (a plain HTTP GET, no decoding).
 */
export async function servedWeight(
  base: string,
  files: string[],
): Promise<{ encodings: string[]; wireBytes: number; missing: number }> {
  const http = await import("node:http");
  const encodings = new Set<string>();
  let wireBytes = 0;
  let missing = 0; // the build changed since it was weighed
  for (const f of files) {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${base}/${f}`, { headers: { "accept-encoding": "gzip, deflate, br" } }, (res) => {
        if (res.statusCode !== 200) {
          missing++;
          res.resume();
          return void res.on("end", () => resolve());
        }
        encodings.add(String(res.headers["content-encoding"] ?? "identity"));
        res.on("data", (d: Buffer) => (wireBytes += d.length));
        res.on("end", () => resolve());
      });
      req.on("error", reject);
    });
  }
  return { encodings: [...encodings], wireBytes, missing };
}
