/** Full-page navigation (leaves the single-page app). Separate so tests can replace it. */
export function navigateToDocument(href: string): void {
  window.location.assign(href);
}

/** True when the current document was originally loaded at `pathname`. */
export function loadedAtPath(pathname: string): boolean {
  const entry =
    typeof performance.getEntriesByType === "function" ? performance.getEntriesByType("navigation")[0] : undefined;
  if (!entry) return false;
  try {
    return new URL(entry.name).pathname.replace(/\/+$/, "") === pathname;
  } catch {
    return false;
  }
}

/** Lets the browser download `href` (an attachment) without leaving the page. */
export function downloadFile(href: string): void {
  const a = document.createElement("a");
  a.href = href;
  a.download = "";
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}
