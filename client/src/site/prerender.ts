import { PEOPLE } from "../landing/demo-data";
import { demoMemoriesWidget, demoTimelineWidget, demoWeb, personPanel } from "../landing/templates";
import { landingHeader, legalHeader, siteFooter, type SiteContext } from "./partials";

/**
 * The blocks that build/site-pages.ts writes into the public pages at build time. A page names a
 * block with a comment, `<!--site:footer-->`; an unknown name fails the build.
 */
export function siteBlocks(page: "landing" | "legal", supportEmail: string): Record<string, () => string> {
  const ctx: SiteContext = { supportEmail, home: page === "landing" ? "" : "/" };
  const first = PEOPLE[0]!;
  return {
    header: () => (page === "landing" ? landingHeader(ctx) : legalHeader(ctx)),
    footer: () => siteFooter(ctx),
    "support-email": () => supportEmail,
    "demo-timeline": demoTimelineWidget,
    "demo-memories": demoMemoriesWidget,
    "demo-web": () => demoWeb(first.id),
    "demo-web-panel": () => personPanel(first),
  };
}
