/**
 * Media: 12 MP JPEG uploads through POST /api/upload/file on the server process (one at a time,
 * then 8 in parallel) with the server's peak RSS; then the bytes a 30-photo timeline view
 * transfers (GraphQL answer + the 30 thumbs of the strip; and the display image of one opened
 * memory) against the originals' bytes.
 */
import sharp from "sharp";
import { DOCS } from "./operations.js";
import type { ServerChild } from "./load.js";
import { http, round, summarize, wireRequest } from "./util.js";

/**
 * A phone-like 12 MP photo: soft shapes under sensor-like grain, JPEG q90 (4–6 MB, like a phone's).
 * Pure noise would be unrealistically incompressible; a flat image unrealistically small.
 */
export async function makePhoto(i: number): Promise<Buffer> {
  const W = 4032;
  const H = 3024;
  const hue = (i * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},45%,30%)"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>${Array.from({ length: 14 }, (_, k) => `<circle cx="${(k * 911 + i * 137) % W}" cy="${(k * 577 + i * 293) % H}" r="${180 + ((k * 53) % 420)}" fill="hsla(${(hue + k * 25) % 360},60%,${35 + (k % 5) * 10}%,0.55)"/>`).join("")}</svg>`;
  const grain = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 22 },
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(Buffer.from(svg))
    .composite([{ input: grain.data, raw: { width: W, height: H, channels: 3 }, blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface Uploaded {
  id: string;
  ms: number;
  bytes: number;
}

export async function upload(base: string, cookie: string, photo: Buffer, name: string): Promise<Uploaded> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), name);
  const t0 = performance.now();
  const res = await http(base, "/api/upload/file", { method: "POST", cookie, body: form });
  const ms = performance.now() - t0;
  if (res.status !== 201) throw new Error(`upload → ${res.status} ${res.body.slice(0, 200)}`);
  const json = JSON.parse(res.body) as { public_id: string; bytes: number };
  return { id: json.public_id, ms, bytes: json.bytes };
}

export interface MediaResult {
  photo: { width: number; height: number; bytes: number[] };
  single: { n: number; p50: number; max: number; peakRssMiB: number; baseRssMiB: number };
  parallel8: { wallMs: number; perUploadP50: number; perUploadMax: number; peakRssMiB: number; baseRssMiB: number };
  view: {
    photos: number;
    distinctPhotos: number;
    originalsBytes: number;
    answerBytes: number;
    answerEncoding: string;
    thumbsBytes: number;
    oneDisplayBytes: number;
    viewBytes: number;
    ratio: number;
    /** if the strip showed display images instead of thumbs */
    displayStripBytes: number;
    displayStripRatio: number;
  };
  seededMediaServed: boolean;
}

export async function measureMedia(
  server: ServerChild,
  cookie: string,
  opts: {
    singles: number;
    viewUploads: number;
    partnerId: string;
    seededThumbPath?: string;
    /** A new unattached media row sharing an uploaded row's files (quick mode: fewer real uploads than photos). */
    duplicateMedia: (id: string) => Promise<string>;
    log?: (s: string) => void;
  },
): Promise<MediaResult> {
  const base = server.appUrl;
  const photos = await Promise.all([0, 1, 2, 3].map((i) => makePhoto(i)));
  const meta = await sharp(photos[0]!).metadata();
  opts.log?.(`  12 MP photos: ${photos.map((p) => (p.length / 1e6).toFixed(1)).join(", ")} MB`);

  // warm-up: first decode loads libvips code paths
  const warm = await upload(base, cookie, photos[0]!, "warm.jpg");
  const uploaded: Uploaded[] = [warm];

  const singles = await server.rssDuring(async () => {
    const list: Uploaded[] = [];
    for (let i = 0; i < opts.singles; i++)
      list.push(await upload(base, cookie, photos[i % photos.length]!, `single-${i}.jpg`));
    return list;
  });
  uploaded.push(...singles.value);
  const s = summarize(singles.value.map((u) => u.ms));

  const par = await server.rssDuring(async () => {
    const t0 = performance.now();
    const list = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(base, cookie, photos[i % photos.length]!, `par-${i}.jpg`)),
    );
    return { list, wall: performance.now() - t0 };
  });
  uploaded.push(...par.value.list);
  const ps = summarize(par.value.list.map((u) => u.ms));

  // extra uploads so the view can have distinct media rows (sequential)
  for (let i = uploaded.length; i < opts.viewUploads; i++)
    uploaded.push(await upload(base, cookie, photos[i % photos.length]!, `view-${i}.jpg`));

  // a 30-photo timeline of the viewer's own
  const created = await http(base, "/api/timelines", {
    cookie,
    json: { title: "Bench 30 photos", collaborator_id: opts.partnerId, privacy: "private" },
  });
  if (created.status !== 201) throw new Error(`create timeline → ${created.status} ${created.body.slice(0, 200)}`);
  const timelineId = (JSON.parse(created.body) as { id: string }).id;
  let originalsBytes = 0;
  const distinct = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const u = uploaded[i % uploaded.length]!;
    distinct.add(u.id);
    // a media row is attached to one memory only: reuse of an upload needs a row of its own
    const mediaId = i < uploaded.length ? u.id : await opts.duplicateMedia(u.id);
    const res = await http(base, "/api/memories", {
      cookie,
      json: { timeline_id: timelineId, media_public_id: mediaId, caption: `Photo ${i + 1}`, memory_date: "2024-01-05" },
    });
    if (res.status !== 201) throw new Error(`create memory → ${res.status} ${res.body.slice(0, 200)}`);
    originalsBytes += u.bytes;
  }
  // bytes on the wire as a browser gets them (the server may compress the JSON; WebP is not recompressed)
  const answer = await wireRequest(base, "/graphql", {
    cookie,
    json: { query: DOCS.timeline, variables: { id: timelineId } },
  });
  const data = JSON.parse(answer.body.toString("utf8")) as {
    errors?: unknown;
    data: { timeline: { memories: { edges: Array<{ node: { media: { url: string; thumbUrl: string } } }> } } };
  };
  if (data.errors || data.data.timeline.memories.edges.length !== 30)
    throw new Error(`timeline view: ${answer.body.toString("utf8").slice(0, 300)}`);
  let thumbsBytes = 0;
  let displayBytes = 0;
  for (const { node: m } of data.data.timeline.memories.edges) {
    const t = await wireRequest(base, m.media.thumbUrl, { cookie });
    const d = await wireRequest(base, m.media.url, { cookie });
    if (t.status !== 200 || d.status !== 200) throw new Error(`media → ${t.status}/${d.status}`);
    thumbsBytes += t.wireBytes;
    displayBytes += d.wireBytes;
  }
  const oneDisplay = Math.round(displayBytes / 30);
  const viewBytes = answer.wireBytes + thumbsBytes + oneDisplay;

  let seededMediaServed = false;
  if (opts.seededThumbPath) {
    const r = await http(base, opts.seededThumbPath, { cookie });
    seededMediaServed = r.status === 200 && r.headers.get("content-type") === "image/webp" && r.bytes > 0;
  }

  const MiB = 1024 * 1024;
  return {
    photo: { width: meta.width!, height: meta.height!, bytes: photos.map((p) => p.length) },
    single: {
      n: s.n,
      p50: round(s.p50, 0),
      max: round(s.max, 0),
      peakRssMiB: round(singles.peak / MiB, 0),
      baseRssMiB: round(singles.base / MiB, 0),
    },
    parallel8: {
      wallMs: round(par.value.wall, 0),
      perUploadP50: round(ps.p50, 0),
      perUploadMax: round(ps.max, 0),
      peakRssMiB: round(par.peak / MiB, 0),
      baseRssMiB: round(par.base / MiB, 0),
    },
    view: {
      photos: 30,
      distinctPhotos: distinct.size,
      originalsBytes,
      answerBytes: answer.wireBytes,
      answerEncoding: answer.encoding,
      thumbsBytes,
      oneDisplayBytes: oneDisplay,
      viewBytes,
      ratio: round(viewBytes / originalsBytes, 4),
      displayStripBytes: answer.wireBytes + displayBytes,
      displayStripRatio: round((answer.wireBytes + displayBytes) / originalsBytes, 4),
    },
    seededMediaServed,
  };
}
