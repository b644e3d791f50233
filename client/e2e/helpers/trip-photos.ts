import { mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { apiGraphql, apiSignIn } from "./api-sign-in";
import { graphql } from "./journey";

/** Photos of a trip and the timeline they go to, for the Add many journeys (e2e/add-many.spec.ts, e2e/share-target.spec.ts). */

/** Distinct small JPEGs (each its own colour, so none is the same photo twice) taken on `day`. */
export async function photos(dir: string, day: string, count: number, hue: number): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const time = `${day.replaceAll("-", ":")} ${String(9 + (i % 10)).padStart(2, "0")}:${String(i).padStart(2, "0")}:00`;
    const buffer = await sharp({
      create: {
        width: 96,
        height: 72,
        channels: 3,
        background: { r: hue, g: (i * 37) % 256, b: (i * 91 + hue) % 256 },
      },
    })
      .jpeg({ quality: 80 })
      .withExif({ IFD0: { Make: "Keepsake test" }, IFD2: { DateTimeOriginal: time } })
      .toBuffer();
    const file = path.join(dir, `${day}-${String(i).padStart(2, "0")}.jpg`);
    await writeFile(file, buffer);
    // a last change unlike the capture day: the grouping must read EXIF
    await utimes(file, new Date("2026-11-01T12:00:00Z"), new Date("2026-11-01T12:00:00Z"));
    files.push(file);
  }
  return files;
}

export async function sharedTimelineOf(ada: Page, baseURL: string, stamp: number, title: string): Promise<string> {
  const boEmail = `bo-many-${stamp}@example.com`;
  const bo = await apiSignIn(baseURL, boEmail);
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title, collaboratorEmail: boEmail, privacy: "PRIVATE" } },
  );
  const id = createTimeline.timeline.id;
  await apiGraphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", { id });
  await bo.dispose();
  return id;
}

interface MemoryRow {
  caption: string;
  memoryDate: string | null;
  media: { id: string }[];
}

export async function memoriesOf(page: Page, id: string): Promise<MemoryRow[]> {
  const { timeline } = await graphql<{ timeline: { memories: { edges: { node: MemoryRow }[] } } }>(
    page,
    "query ($id: ID!) { timeline(id: $id) { memories(first: 50) { edges { node { caption memoryDate media { id } } } } } }",
    { id },
  );
  return timeline.memories.edges
    .map((edge) => edge.node)
    .sort((a, b) => String(a.memoryDate).localeCompare(String(b.memoryDate)));
}
