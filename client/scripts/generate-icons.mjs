// Generates the PWA icons in public/icons/ from an inline SVG mark.
// Run with `npm run icons -w client` (uses sharp, installed in the workspace for the server).
import { mkdir, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Buffer } from "node:buffer";
import sharp from "sharp";

const teal = "#0f766e";
const cream = "#f7faf9";
const outDir = fileURLToPath(new URL("../public/icons/", import.meta.url));
const publicDir = fileURLToPath(new URL("../public/", import.meta.url));

/** Two interlocking rings: two people, one shared space. */
function mark({ size, inset, rounded }) {
  const s = size;
  const c = s / 2;
  const scale = (s - inset * 2) / 512;
  const radius = rounded ? s * 0.22 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">
  <rect width="${s}" height="${s}" rx="${radius}" fill="${teal}"/>
  <g transform="translate(${c} ${c}) scale(${scale}) translate(-256 -256)" fill="none" stroke="${cream}" stroke-width="30">
    <circle cx="196" cy="256" r="112"/>
    <circle cx="316" cy="256" r="112"/>
  </g>
</svg>`;
}

const outputs = [
  { file: "icon-192.png", size: 192, inset: 20, rounded: true },
  { file: "icon-512.png", size: 512, inset: 52, rounded: true },
  // Maskable: full-bleed background, the mark inside the central 80 % safe zone.
  { file: "maskable-512.png", size: 512, inset: 96, rounded: false },
  { file: "apple-touch-icon-180.png", size: 180, inset: 24, rounded: false },
];

await mkdir(outDir, { recursive: true });
for (const { file, size, inset, rounded } of outputs) {
  const png = await sharp(Buffer.from(mark({ size, inset, rounded })))
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(`${outDir}${file}`, png);
}
await writeFile(`${publicDir}favicon.svg`, `${mark({ size: 64, inset: 4, rounded: true })}\n`);
process.stdout.write(`Wrote ${outputs.length} icons to ${outDir} and favicon.svg\n`);
