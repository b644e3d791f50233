/**
 * Tiny HTML-string helpers for the public site. The same templates run at build time (prerendered
 * into landing.html, privacy.html, terms.html by build/site-pages.ts) and in the browser (the
 * landing page's demo), so they are plain functions over strings: no DOM, no framework.
 */

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for use in HTML content and in double-quoted attribute values. */
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2024-01-05" → "Jan 5, 2024" (spec: memory dates read "MMM d, yyyy"). */
export function formatDay(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}
