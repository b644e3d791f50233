import path from "node:path";
import type { Plugin } from "vite";

/**
 * The app's boot (src/boot.tsx) is a dynamic import of the entry, evaluated once the server's
 * painted first screen is on the screen (src/main.tsx, docs/decisions/043-boot-after-the-paint.md).
 * So that the page loads as it did when the boot was the entry itself, index.html gets what Vite
 * gives an entry's static imports: a module preload of the boot chunk and of every chunk it imports
 * statically (at low priority, as client/build/scripts-after-paint.ts gives the others), and their
 * stylesheets as render-blocking links (the app's shell and components, which the server's
 * painted first screen uses).
 */
interface ChunkLike {
  type: "chunk" | "asset";
  fileName: string;
  facadeModuleId?: string | null;
  imports?: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The app's boot module: its chunk is the one whose facade it is (also client/build/compile-hints.ts). */
export const BOOT_MODULE = /[\\/]src[\\/]boot\.tsx$/;

/** The boot chunk's and its static imports' scripts and stylesheets, in load order (imports first). */
export function bootFiles(bundle: Record<string, ChunkLike>): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  const boot = Object.values(bundle).find((c) => c.type === "chunk" && BOOT_MODULE.test(c.facadeModuleId ?? ""));
  const visit = (chunk: ChunkLike | undefined) => {
    if (!chunk || chunk.type !== "chunk" || scripts.includes(chunk.fileName)) return;
    for (const imported of chunk.imports ?? []) visit(bundle[imported]);
    scripts.push(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!styles.includes(css)) styles.push(css);
  };
  visit(boot);
  return { scripts, styles };
}

/** `html` with a module preload and a stylesheet link for each of the files it does not reference yet. */
export function withBootPreloads(html: string, files: { scripts: string[]; styles: string[] }, base = "/"): string {
  const missing = (file: string) => !html.includes(`${base}${file}"`);
  const links = [
    ...files.scripts
      .filter(missing)
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${base}${file}">`),
    ...files.styles.filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
  ].join("\n    ");
  return links ? html.replace("</head>", () => `  ${links}\n  </head>`) : html;
}

export function bootPreloads(): Plugin {
  return {
    name: "keepsake:boot-preloads",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        if (path.basename(ctx.filename) !== "index.html" || !ctx.bundle) return html;
        return withBootPreloads(html, bootFiles(ctx.bundle as unknown as Record<string, ChunkLike>));
      },
    },
  };
}
