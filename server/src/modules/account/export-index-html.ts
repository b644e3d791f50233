import escapeHtml from "escape-html";
import type { ExportDocument, ExportMemory, ExportTimeline } from "./export-contents.js";

/**
 * `index.html` of the data export (docs/decisions/023-export-and-deletion.md): the timelines as a
 * plain page that opens offline from the unzipped folder, from the zip's own files. No script;
 * every text from the database is escaped; paths are the zip's own (uuids and fixed names).
 */

const CSS = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#2b2622;background:#faf7f2}
main{max-width:960px;margin:0 auto;padding:24px 16px 64px}
h1{font-size:1.6rem;margin:0 0 4px}
h2{font-size:1.25rem;margin:40px 0 4px}
.meta{color:#6b625a;font-size:.9rem;margin:0 0 16px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:16px}
figure{margin:0;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 1px 3px rgba(0,0,0,.08)}
figure img,figure video{display:block;width:100%;height:auto;background:#eee}
figcaption{padding:12px}
.caption{font-weight:600}
.meaning{margin:8px 0 0;font-style:italic}
.by{font-style:normal;font-weight:600}
.empty{color:#6b625a}
ul.notes{padding-left:20px;color:#4a433d}
`;

const e = (s: string | null | undefined) => escapeHtml(s ?? "");

function memoryHtml(m: ExportMemory): string {
  // every photo and video of the memory, the cover first (docs/decisions/051-several-photos-per-memory.md)
  const items = m.media ?? (m.file ? [{ file: m.file, type: m.type }] : []);
  const media = !items.length
    ? `<p class="empty">(file missing)</p>`
    : items
        .map((item) =>
          item.type === "video"
            ? `<video src="${e(item.file)}" controls preload="metadata"></video>`
            : `<img src="${e(item.file)}" alt="${e(m.caption || "Photo")}" loading="lazy">`,
        )
        .join("");
  const details = [m.date ?? "Undated", m.location].filter(Boolean).map(e).join(" · ");
  const creator = m.addedByYou ? "you" : e(m.addedBy?.displayName ?? "Former member");
  const partner = m.partnerMeaningByYou ? "you" : e(m.partnerMeaningBy?.displayName ?? "Former member");
  // both people's words, each under its author's name (docs/decisions/027-two-voices.md)
  const notes = [
    m.meaning ? `<p class="meaning"><span class="by">${creator}:</span> ${e(m.meaning)}</p>` : "",
    m.partnerMeaning ? `<p class="meaning"><span class="by">${partner}:</span> ${e(m.partnerMeaning)}</p>` : "",
  ].join("");
  return `<figure>${media}<figcaption>
<div class="caption">${e(m.caption)}</div>
<div class="meta">${details} · Added by ${creator}</div>
${notes ? `<div class="notes"><div class="meta">Why this moment matters</div>${notes}</div>` : ""}
</figcaption></figure>`;
}

function partnerText(t: ExportTimeline): string {
  if (t.formerMember) return "with a former member";
  if (t.partner) return `with ${e(t.partner.displayName)}`;
  if (t.invitedEmail) return `invited ${e(t.invitedEmail)}`;
  return "";
}

function timelineHtml(t: ExportTimeline): string {
  const meta = [partnerText(t), e(t.privacy), e(t.status), `${t.memories.length} memories`].filter(Boolean).join(" · ");
  const body = t.memories.length
    ? `<div class="grid">${t.memories.map(memoryHtml).join("\n")}</div>`
    : `<p class="empty">No memories yet.</p>`;
  return `<section><h2>${e(t.title)}</h2><p class="meta">${meta}</p>${body}</section>`;
}

export function exportIndexHtml(doc: ExportDocument): string {
  const p = doc.profile;
  const photo = p.photo ? `<img src="${e(p.photo)}" alt="" width="96" style="border-radius:50%">` : "";
  const notes = doc.notifications.length
    ? `<h2>Updates</h2><ul class="notes">${doc.notifications
        .map((n) => `<li>${e(n.message)} <span class="meta">(${e(n.createdAt.slice(0, 10))})</span></li>`)
        .join("")}</ul>`
    : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Keepsake — ${e(p.displayName)}</title>
<style>${CSS}</style></head>
<body><main>
${photo}
<h1>${e(p.displayName)}</h1>
<p class="meta">@${e(p.username)} · exported ${e(doc.exportedAt.slice(0, 10))} · everything is also in keepsake.json</p>
${p.bio ? `<p>${e(p.bio)}</p>` : ""}
${doc.timelines.map(timelineHtml).join("\n") || '<p class="empty">No timelines yet.</p>'}
${notes}
</main></body></html>
`;
}
