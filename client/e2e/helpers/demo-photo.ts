import type { Page } from "@playwright/test";
import { createMemoryInPage } from "./create-memory";

/**
 * Adds a memory with a made-up landscape photo (drawn on a canvas in the page: a sky of `hue`, a
 * sun, hills), uploaded as a JPEG through the GraphQL multipart upload as the app does. For
 * screens that should look lived-in (the README's screenshots) without shipping photos.
 */
export async function addDemoMemory(
  page: Page,
  timelineId: string,
  hue: number,
  fields: { caption: string; location?: string; meaning?: string; memoryDate?: string },
): Promise<void> {
  const blob = await page.evaluateHandle(async (hue) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1200;
    canvas.height = 900;
    const g = canvas.getContext("2d")!;
    const sky = g.createLinearGradient(0, 0, 0, 900);
    sky.addColorStop(0, `hsl(${hue} 70% 62%)`);
    sky.addColorStop(1, `hsl(${(hue + 40) % 360} 80% 84%)`);
    g.fillStyle = sky;
    g.fillRect(0, 0, 1200, 900);
    g.fillStyle = `hsl(${(hue + 60) % 360} 95% 88%)`;
    g.beginPath();
    g.arc(300 + ((hue * 7) % 600), 300, 110, 0, Math.PI * 2);
    g.fill();
    for (const [i, shade] of [30, 22, 14].entries()) {
      g.fillStyle = `hsl(${(hue + 150) % 360} 35% ${shade}%)`;
      g.beginPath();
      g.moveTo(0, 900);
      for (let x = 0; x <= 1200; x += 40) g.lineTo(x, 560 + i * 110 + Math.sin(x / (180 - i * 30) + hue) * 70);
      g.lineTo(1200, 900);
      g.fill();
    }
    return new Promise<Blob>((done) => canvas.toBlob((b) => done(b!), "image/jpeg", 0.85));
  }, hue);
  await createMemoryInPage(page, timelineId, fields, blob);
}
