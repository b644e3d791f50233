// Generates the landing page's demo photos in public/demo/ from small SVG scenes (gradients and
// shapes, no outside sources). Each scene is written as WebP at two widths (240 and 640 px, 4:3).
// Run with `npm run demo-images -w client` (uses sharp, installed in the workspace for the server).
// The outputs are committed; the names must match src/landing/demo-data.ts.
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Buffer } from "node:buffer";
import path from "node:path";
import sharp from "sharp";

const outDir = fileURLToPath(new URL("../public/demo/", import.meta.url));
const W = 640;
const H = 480;
export const WIDTHS = [240, 640];

/** A vertical sky gradient. */
const sky = (id, stops) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join("")}</linearGradient>`;

/** A smooth hill line across the picture, as a closed path down to the bottom edge. */
function hills(baseY, amp, waves, fill, phase = 0) {
  const pts = [];
  for (let x = 0; x <= W; x += 20)
    pts.push(`${x},${(baseY + Math.sin((x / W) * Math.PI * waves + phase) * amp).toFixed(1)}`);
  return `<path d="M0,${H} L${pts.join(" L")} L${W},${H} Z" fill="${fill}"/>`;
}

/** Deterministic pseudo-random numbers, so every run writes the same bytes. */
function rng(seed) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

const scenes = {
  "sunset-pier": () => `
    <defs>${sky("s", [
      [0, "#2b1d4e"],
      [0.45, "#e0567a"],
      [0.75, "#fbb26a"],
    ])}
      <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f08a6c"/><stop offset="1" stop-color="#3b2b5c"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <circle cx="320" cy="300" r="70" fill="#ffd88a"/>
    <rect y="300" width="${W}" height="180" fill="url(#sea)"/>
    <rect x="0" y="318" width="380" height="10" fill="#2a1c38"/>
    ${[40, 110, 180, 250, 320].map((x) => `<rect x="${x}" y="318" width="8" height="70" fill="#2a1c38"/>`).join("")}
    <circle cx="352" cy="303" r="7" fill="#2a1c38"/><rect x="346" y="308" width="12" height="12" fill="#2a1c38"/>
    <circle cx="366" cy="303" r="7" fill="#2a1c38"/><rect x="360" y="308" width="12" height="12" fill="#2a1c38"/>`,
  "mountain-trail": () => `
    <defs>${sky("s", [
      [0, "#8ec5fc"],
      [1, "#e0f2fe"],
    ])}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <path d="M-20,380 L170,120 L260,240 L360,90 L560,380 Z" fill="#64748b"/>
    <path d="M170,120 L205,168 L185,160 L160,175 L140,160 Z M360,90 L400,145 L375,135 L350,150 L325,130 Z" fill="#f8fafc"/>
    ${hills(360, 18, 2, "#4d7c0f")}
    ${hills(410, 14, 3, "#3f6212", 1)}
    <path d="M300,${H} C320,430 280,410 330,380" stroke="#e7d7b0" stroke-width="14" fill="none"/>`,
  "city-lights": () => {
    const r = rng(7);
    let b = "";
    for (let x = 0; x < W; x += 48) {
      const h = 120 + r() * 220;
      b += `<rect x="${x}" y="${H - h}" width="44" height="${h}" fill="#1e2a4a"/>`;
      for (let y = H - h + 14; y < H - 10; y += 22)
        for (let wx = x + 8; wx < x + 40; wx += 12)
          if (r() > 0.5) b += `<rect x="${wx}" y="${y}" width="6" height="9" fill="#fde68a"/>`;
    }
    return `<defs>${sky("s", [
      [0, "#0b1026"],
      [1, "#3b2f6b"],
    ])}</defs>
      <rect width="${W}" height="${H}" fill="url(#s)"/><circle cx="520" cy="90" r="34" fill="#f1f5f9"/>${b}`;
  },
  "picnic-field": () => `
    <defs>${sky("s", [
      [0, "#93c5fd"],
      [1, "#dbeafe"],
    ])}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <circle cx="540" cy="80" r="44" fill="#fde047"/>
    ${hills(300, 20, 1.5, "#86efac")}
    ${hills(350, 12, 2.5, "#4ade80", 2)}
    <rect x="120" y="200" width="16" height="130" fill="#78350f"/>
    <circle cx="128" cy="180" r="70" fill="#15803d"/>
    <path d="M300,400 L470,380 L520,440 L330,465 Z" fill="#ef4444"/>
    <path d="M340,410 L380,405 M400,398 L440,393 M360,440 L400,435 M420,430 L460,425" stroke="#fff" stroke-width="8"/>`,
  "snow-cabin": () => {
    const r = rng(3);
    let flakes = "";
    for (let i = 0; i < 60; i++)
      flakes += `<circle cx="${(r() * W).toFixed(0)}" cy="${(r() * 300).toFixed(0)}" r="${(2 + r() * 3).toFixed(1)}" fill="#fff" opacity=".85"/>`;
    return `<defs>${sky("s", [
      [0, "#64748b"],
      [1, "#cbd5e1"],
    ])}</defs>
      <rect width="${W}" height="${H}" fill="url(#s)"/>
      ${hills(320, 24, 1.2, "#f1f5f9")}
      <rect x="250" y="260" width="150" height="100" fill="#7c2d12"/>
      <path d="M230,265 L325,195 L420,265 Z" fill="#e2e8f0"/>
      <rect x="300" y="300" width="40" height="60" fill="#451a03"/>
      <rect x="355" y="285" width="30" height="26" fill="#fcd34d"/>
      ${hills(400, 10, 2, "#ffffff", 1)}${flakes}`;
  },
  "lake-canoe": () => `
    <defs>${sky("s", [
      [0, "#fcd5ce"],
      [1, "#fde2e4"],
    ])}
      <linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#0e7490"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    ${hills(250, 30, 2, "#166534")}
    <rect y="270" width="${W}" height="210" fill="url(#w)"/>
    <path d="M220,360 Q320,395 420,360 L400,375 Q320,400 240,375 Z" fill="#b45309"/>
    <circle cx="290" cy="338" r="10" fill="#1f2937"/><rect x="283" y="346" width="14" height="18" fill="#dc2626"/>
    <circle cx="350" cy="338" r="10" fill="#1f2937"/><rect x="343" y="346" width="14" height="18" fill="#2563eb"/>`,
  "desert-road": () => `
    <defs>${sky("s", [
      [0, "#f97316"],
      [1, "#fed7aa"],
    ])}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    ${hills(280, 26, 1.4, "#ea9a50")}
    ${hills(320, 18, 2.2, "#d97706", 1.5)}
    <path d="M290,320 L350,320 L520,${H} L120,${H} Z" fill="#44403c"/>
    <path d="M320,330 L320,350 M320,370 L320,400 M320,420 L320,470" stroke="#fef3c7" stroke-width="6"/>`,
  "autumn-park": () => {
    const r = rng(11);
    let leaves = "";
    const tones = ["#f97316", "#dc2626", "#facc15", "#ea580c"];
    for (let i = 0; i < 10; i++) {
      const x = 30 + i * 64;
      leaves += `<rect x="${x - 6}" y="230" width="12" height="120" fill="#713f12"/><circle cx="${x}" cy="${200 + r() * 30}" r="${46 + r() * 20}" fill="${tones[i % 4]}"/>`;
    }
    return `<defs>${sky("s", [
      [0, "#bae6fd"],
      [1, "#fef9c3"],
    ])}</defs>
      <rect width="${W}" height="${H}" fill="url(#s)"/>${leaves}${hills(350, 8, 2, "#a16207")}
      <path d="M0,420 C200,380 440,460 ${W},410 L${W},${H} L0,${H} Z" fill="#d6b98c"/>`;
  },
  "beach-umbrella": () => `
    <defs>${sky("s", [
      [0, "#38bdf8"],
      [1, "#e0f2fe"],
    ])}</defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <rect y="230" width="${W}" height="90" fill="#0284c7"/>
    <path d="M0,300 C160,280 480,320 ${W},295 L${W},${H} L0,${H} Z" fill="#fde68a"/>
    <rect x="316" y="250" width="8" height="170" fill="#78350f"/>
    <path d="M200,270 Q320,150 440,270 Z" fill="#f43f5e"/>
    <path d="M260,270 Q320,170 380,270 Z" fill="#fff"/>
    <rect x="380" y="390" width="120" height="22" rx="6" fill="#2563eb"/>`,
  "concert-night": () => {
    const beams = [
      ["#a855f7", 120],
      ["#22d3ee", 320],
      ["#f472b6", 520],
    ]
      .map(([c, x]) => `<path d="M${x},0 L${x - 140},380 L${x + 140},380 Z" fill="${c}" opacity=".35"/>`)
      .join("");
    let crowd = "";
    for (let x = 10; x < W; x += 34) crowd += `<circle cx="${x}" cy="${420 + (x % 3) * 6}" r="18" fill="#0f0a1e"/>`;
    return `<rect width="${W}" height="${H}" fill="#1e1036"/>${beams}
      <rect x="60" y="370" width="520" height="24" fill="#312e81"/>${crowd}<rect y="440" width="${W}" height="40" fill="#0f0a1e"/>`;
  },
  "garden-flowers": () => {
    const r = rng(5);
    let f = "";
    const petals = ["#f472b6", "#fb7185", "#facc15", "#c084fc", "#fda4af"];
    for (let i = 0; i < 26; i++) {
      const x = (r() * W).toFixed(0);
      const y = (300 + r() * 160).toFixed(0);
      f += `<rect x="${x - 2}" y="${y}" width="4" height="60" fill="#166534"/><circle cx="${x}" cy="${y}" r="${(12 + r() * 10).toFixed(0)}" fill="${petals[i % 5]}"/><circle cx="${x}" cy="${y}" r="5" fill="#fef08a"/>`;
    }
    return `<defs>${sky("s", [
      [0, "#fef3c7"],
      [1, "#dcfce7"],
    ])}</defs>
      <rect width="${W}" height="${H}" fill="url(#s)"/>${hills(300, 14, 2, "#4ade80")}${f}`;
  },
  "northern-lights": () => `
    <defs>${sky("s", [
      [0, "#020617"],
      [1, "#1e3a5f"],
    ])}
      <linearGradient id="a" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#34d399" stop-opacity="0"/><stop offset=".5" stop-color="#34d399" stop-opacity=".8"/><stop offset="1" stop-color="#a78bfa" stop-opacity="0"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#s)"/>
    <path d="M0,200 C160,60 300,240 460,110 S${W},140 ${W},140 L${W},220 C480,190 320,300 160,180 S0,260 0,260 Z" fill="url(#a)"/>
    ${hills(380, 20, 2.5, "#0f172a")}
    <path d="M80,380 L110,300 L140,380 Z M480,370 L515,280 L550,370 Z M520,380 L545,320 L570,380 Z" fill="#020617"/>`,
};

await mkdir(outDir, { recursive: true });
for (const [name, scene] of Object.entries(scenes)) {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${scene()}</svg>`,
  );
  for (const width of WIDTHS) {
    const data = await sharp(svg)
      .resize(width, Math.round((width * H) / W))
      .webp({ quality: width < 400 ? 72 : 70, effort: 6 })
      .toBuffer();
    await writeFile(path.join(outDir, `${name}-${width}.webp`), data);
  }
}

let total = 0;
for (const file of await readdir(outDir)) total += (await stat(path.join(outDir, file))).size;
process.stdout.write(
  `demo images: ${Object.keys(scenes).length} scenes × ${WIDTHS.length} sizes, ${(total / 1024).toFixed(1)} KiB in ${outDir}\n`,
);
