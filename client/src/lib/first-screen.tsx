import { PageSpinner } from "../components/ui/spinner";

/**
 * The first screen the server painted into #root before any script ran
 * (server/src/web/first-screen.ts, docs/decisions/029-first-load-and-shell.md). React's first
 * render replaces #root's content, so until the route's loaders and screen are ready the router
 * shows the same markup again instead of a spinner: the heading stays where it was painted.
 */
let painted: string | null = null;

/** Keeps #root's server-painted first screen, if it has one; call before React renders into it. */
export function keepFirstScreen(container: HTMLElement): void {
  painted = container.querySelector("[data-first-screen]") ? container.innerHTML : null;
}

/** The router's fallback while the first navigation loads. */
export function FirstScreenFallback() {
  if (!painted) return <PageSpinner />;
  // Our own server's static markup, already parsed from this document's HTML (no one's data).
  return <div style={{ display: "contents" }} dangerouslySetInnerHTML={{ __html: painted }} />;
}
