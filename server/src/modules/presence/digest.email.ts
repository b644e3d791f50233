import escapeHtml from "escape-html";
import { pushNoteOf } from "../access/disclosure.js";
import type { NewMemories } from "./presence.reads.js";

export interface DigestMemory {
  timelineId: string;
  timelineTitle: string;
  year: number;
}

/**
 * The digest (docs/decisions/035-presence.md): what is new, one line per timeline and person in the
 * words of the push notes (who and which timeline: disclosure.ts), then "On this day". Text and
 * HTML, no images, no tracking.
 */
export function renderDigestEmail(input: {
  appUrl: string;
  name: string;
  weekly: boolean;
  preview: boolean;
  news: NewMemories[];
  onThisDay: DigestMemory[];
  unsubscribeUrl: string;
}): { subject: string; text: string; html: string } {
  const span = input.weekly ? "this week" : "today";
  const subject = `${input.preview ? "Preview: " : ""}New in Keepsake ${span}`;
  const lines = input.news.map((n) => ({
    text: pushNoteOf({
      kind: "memories",
      actorName: n.actorName,
      timelineId: n.timelineId,
      timelineTitle: n.timelineTitle,
      count: n.count,
    }).body,
    url: `${input.appUrl}/app/view-timeline?id=${encodeURIComponent(n.timelineId)}`,
  }));
  const memories = input.onThisDay.map((m) => ({
    text: `${m.timelineTitle}, ${m.year}`,
    url: `${input.appUrl}/app/view-timeline?id=${encodeURIComponent(m.timelineId)}`,
  }));
  const settings = `${input.appUrl}/app/notifications`;
  const text = [
    `Hello ${input.name},`,
    "",
    lines.length ? `New ${span}:` : `Nothing new ${span}.`,
    ...lines.map((l) => `- ${l.text}: ${l.url}`),
    ...(memories.length ? ["", "On this day:", ...memories.map((m) => `- ${m.text}: ${m.url}`)] : []),
    "",
    `Change how often this comes: ${settings}`,
    `Stop these e-mails: ${input.unsubscribeUrl}`,
  ].join("\n");
  const li = (l: { text: string; url: string }) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a></li>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2d2a;max-width:32rem">
<p>Hello ${escapeHtml(input.name)},</p>
<p>${lines.length ? `New ${span}:` : `Nothing new ${span}.`}</p>
${lines.length ? `<ul>${lines.map(li).join("")}</ul>` : ""}
${memories.length ? `<h2 style="font-size:1rem">On this day</h2><ul>${memories.map(li).join("")}</ul>` : ""}
<p style="color:#55625f;font-size:0.875rem"><a href="${escapeHtml(settings)}">Change how often this comes</a> · <a href="${escapeHtml(input.unsubscribeUrl)}">Stop these e-mails</a></p>
</body></html>`;
  return { subject, text, html };
}
