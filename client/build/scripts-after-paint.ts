import path from "node:path";
import type { Plugin } from "vite";

/**
 * The app's scripts at low fetch priority (docs/decisions/041-low-priority-scripts-and-compile-hints.md): the first
 * paint of a signed-in screen is the server's markup and the render-blocking stylesheets, which
 * need none of the JavaScript, so the stylesheets get the connection first and the entry script and
 * its module preloads (about 150 KB gzip) follow. Only index.html, the app's shell: the landing and
 * legal pages keep their own small scripts as they are.
 */
export function scriptsAfterPaint(): Plugin {
  return {
    name: "keepsake:scripts-after-paint",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        return path.basename(ctx.filename) === "index.html" ? lowPriorityScripts(html) : html;
      },
    },
  };
}

/** `<script type="module">` and `<link rel="modulepreload">` tags with `fetchpriority="low"`. */
export function lowPriorityScripts(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}
