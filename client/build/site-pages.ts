import path from "node:path";
import type { Plugin } from "vite";
import { siteBlocks } from "../src/site/prerender";

/** The support address of the public pages; set SUPPORT_EMAIL when building for a deployment. */
export const supportEmail = process.env.SUPPORT_EMAIL ?? "support@keepsake.example";

const MARKER = /<!--site:([a-z-]+)-->/g;

/**
 * Prerenders the public pages (landing.html, privacy.html, terms.html): each `<!--site:name-->`
 * comment is replaced by a block from src/site/prerender.ts (header, footer, demo widgets), so the
 * pages are complete HTML before any script runs. Other HTML entries are left alone.
 */
export function sitePages(): Plugin {
  return {
    name: "keepsake:site-pages",
    transformIndexHtml: {
      order: "pre",
      handler(html, ctx) {
        const file = path.basename(ctx.filename);
        if (!["landing.html", "privacy.html", "terms.html"].includes(file)) return html;
        const blocks = siteBlocks(file === "landing.html" ? "landing" : "legal", supportEmail);
        return html.replace(MARKER, (_all, name: string) => {
          const block = blocks[name];
          if (!block) throw new Error(`${file}: unknown site block <!--site:${name}-->`);
          return block();
        });
      },
    },
  };
}
