import { esc, formatDay } from "../site/html";
import {
  CENTER,
  PEOPLE,
  PHOTO_RATIO,
  PHOTO_WIDTHS,
  PRIVACY_LABEL,
  memoryCount,
  type DemoMemory,
  type DemoPerson,
  type DemoTimeline,
} from "./demo-data";

/**
 * HTML of the landing page's demo widgets. Rendered into landing.html at build time and reused
 * in the browser for the demo web's panel, so the first paint already holds everything and the
 * script only swaps the panel.
 */

export const photoSrc = (image: string, width: number): string => `/demo/${image}-${width}.webp`;
export const photoSrcset = (image: string): string => PHOTO_WIDTHS.map((w) => `${photoSrc(image, w)} ${w}w`).join(", ");

interface PhotoOptions {
  /** The `sizes` attribute: the rendered width of the image. */
  sizes: string;
  className?: string;
  /** Below the fold: let the browser defer it. */
  lazy?: boolean;
  /** "" when the surrounding text already says what the picture is. */
  alt?: string;
}

/** A demo photo: WebP at two widths with srcset/sizes, intrinsic size set (no layout shift). */
export function photo(m: DemoMemory, { sizes, className = "", lazy = true, alt = m.alt }: PhotoOptions): string {
  const w = PHOTO_WIDTHS[0];
  return `<img class="${className}" src="${photoSrc(m.image, w)}" srcset="${photoSrcset(m.image)}" sizes="${esc(sizes)}" width="${w}" height="${Math.round(w * PHOTO_RATIO)}" alt="${esc(alt)}"${lazy ? ' loading="lazy"' : ""} decoding="async">`;
}

/** A round memory thumbnail that opens the viewer, with its caption and date. */
function memoryButton(m: DemoMemory, theme: string): string {
  return `<button type="button" class="memory-button" data-memory="${esc(m.id)}" data-theme-name="${theme}">
  ${photo(m, { sizes: "88px", className: "round-photo", alt: "" })}
  <span class="memory-caption">${esc(m.caption)}</span>
  <span class="memory-date">${esc(formatDay(m.date))}</span>
</button>`;
}

const privacyBadge = (t: DemoTimeline) =>
  `<span class="privacy-badge privacy-${t.privacy}">${PRIVACY_LABEL[t.privacy]}</span>`;

/** The demo timeline widget: a horizontal strip of memories like the View Timeline screen. */
export function demoTimelineWidget(): string {
  const sam = PEOPLE[0]!;
  const t = sam.timelines[0]!;
  const cards = t.memories
    .map(
      (m) => `<li class="strip-card">
  <button type="button" class="strip-button" data-memory="${esc(m.id)}" data-theme-name="blue">
    ${photo(m, { sizes: "112px", className: "round-photo strip-photo", alt: "" })}
    <span class="memory-caption">${esc(m.caption)}</span>
    <span class="memory-date">${esc(formatDay(m.date))}</span>
    <span class="memory-location">${esc(m.location)}</span>
    <span class="memory-meaning">${esc(m.meaning)}</span>
  </button>
</li>`,
    )
    .join("\n");
  return `<article class="widget" aria-labelledby="demo-timeline-title">
  <header class="widget-header">
    <h3 id="demo-timeline-title">${esc(t.title)}</h3>
    <p class="widget-sub">${esc(CENTER.name)} &amp; ${esc(sam.name)} · ${t.memories.length} memories ${privacyBadge(t)}</p>
  </header>
  <ol class="strip">${cards}</ol>
</article>`;
}

/** The demo memories widget: Maya's newest memories on a vertical line, like the Memories screen. */
export function demoMemoriesWidget(): string {
  const newest = PEOPLE.flatMap((p) => p.timelines.flatMap((t) => t.memories))
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, 4);
  return `<article class="widget" aria-labelledby="demo-memories-title">
  <header class="widget-header">
    <h3 id="demo-memories-title">Your Memories</h3>
    <p class="widget-sub">A journal of meaningful moments</p>
  </header>
  <ol class="journal">${newest.map((m) => `<li>${memoryButton(m, "rose")}</li>`).join("\n")}</ol>
</article>`;
}

/** Position of node i of 6 on the ring: 60-degree steps starting at the top, in % of the web. */
export function nodePosition(i: number): { angle: number; x: number; y: number } {
  const angle = i * 60;
  const rad = ((angle - 90) * Math.PI) / 180;
  return { angle, x: +(50 + 36 * Math.cos(rad)).toFixed(2), y: +(50 + 36 * Math.sin(rad)).toFixed(2) };
}

/** The demo web: Maya in the centre, six people around her, a line to each. */
export function demoWeb(selected: string): string {
  const lines = PEOPLE.map((p, i) => {
    const { x, y } = nodePosition(i);
    return `<line x1="50" y1="50" x2="${x}" y2="${y}" stroke-width="${0.6 + memoryCount(p) * 0.4}"/>`;
  }).join("");
  const nodes = PEOPLE.map((p, i) => {
    const { angle, x, y } = nodePosition(i);
    const count = memoryCount(p);
    return `<li class="web-node" style="left:${x}%;top:${y}%">
  <button type="button" class="node-button" data-person="${esc(p.id)}" data-angle="${angle}" aria-pressed="${p.id === selected}" aria-controls="web-panel">
    <span class="avatar" style="background:${esc(p.color)}" aria-hidden="true">${esc(p.initials)}</span>
    <span class="node-name">${esc(p.name)}</span>
    <span class="node-count">${count} ${count === 1 ? "memory" : "memories"}</span>
  </button>
</li>`;
  }).join("\n");
  return `<div class="web">
  <svg class="web-lines" viewBox="0 0 100 100" aria-hidden="true" focusable="false">${lines}</svg>
  <div class="web-center" aria-hidden="true"><span class="avatar avatar-center">${esc(CENTER.initials)}</span><span class="node-name">${esc(CENTER.name)}</span></div>
  <ul class="web-nodes" aria-label="${esc(CENTER.name)}'s connections">${nodes}</ul>
</div>`;
}

/** What the web shows for one person: the timelines they share with Maya and their memories. */
export function personPanel(p: DemoPerson): string {
  const count = memoryCount(p);
  const timelines = p.timelines
    .map(
      (t) => `<div class="panel-timeline">
  <h4 class="panel-timeline-title">${esc(t.title)} ${privacyBadge(t)}</h4>
  <ul class="panel-memories">${t.memories.map((m) => `<li>${memoryButton(m, "teal")}</li>`).join("\n")}</ul>
</div>`,
    )
    .join("\n");
  return `<h3 class="panel-title">${esc(p.name)} <span class="panel-relation">· ${esc(p.relation)}</span></h3>
<p class="panel-sub">${count} shared ${count === 1 ? "memory" : "memories"} with ${esc(CENTER.name)} · tap one to open it</p>
${timelines}`;
}
