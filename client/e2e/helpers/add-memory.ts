import type { Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createMemoryInPage } from "./create-memory";

const photo = fileURLToPath(new URL("../fixtures/photo-plain.jpg", import.meta.url));

/**
 * Adds a memory with a real JPEG (`file`, by default the plain fixture photo) through the GraphQL
 * multipart upload, as the app does. Each call sends other bytes (a few after the picture's end),
 * as each of a person's photos is its own: the same bytes twice in a timeline are refused
 * ("Already in this timeline", docs/decisions/050-trip-uploads.md).
 */
export async function addMemoryWithPhoto(
  page: Page,
  timelineId: string,
  fields: Record<string, string>,
  file: string = photo,
): Promise<void> {
  const bytes = Buffer.concat([await readFile(file), Buffer.from(randomUUID())]).toString("base64");
  const blob = await page.evaluateHandle(
    (bytes) => new Blob([Uint8Array.from(atob(bytes), (char) => char.charCodeAt(0))], { type: "image/jpeg" }),
    bytes,
  );
  await createMemoryInPage(page, timelineId, fields, blob);
}
