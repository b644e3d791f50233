import type { CDPSession, Locator, Page } from "@playwright/test";

interface Point {
  x: number;
  y: number;
}

/** The centre of `target` (at most 200 px below its top: tall media reach under the fold). */
async function centreOf(target: Locator): Promise<Point> {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to touch");
  return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 200) };
}

async function withTouch(page: Page, gesture: (cdp: CDPSession) => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await gesture(cdp);
  } finally {
    await cdp.detach();
  }
}

/**
 * A two-finger pinch through the DevTools protocol (Input.dispatchTouchEvent): two touch points
 * on either side of `target`'s centre, `from` px apart, moving to `to` px apart (wider: zoom in,
 * narrower: zoom out), then lifted.
 */
export async function pinch(page: Page, target: Locator, from: number, to: number): Promise<void> {
  const { x, y } = await centreOf(target);
  const fingers = (gap: number) => [
    { x: x - gap / 2, y, id: 1 },
    { x: x + gap / 2, y, id: 2 },
  ];
  await withTouch(page, async (cdp) => {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(from) });
    const steps = 12;
    for (let step = 1; step <= steps; step += 1) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: fingers(from + ((to - from) * step) / steps),
      });
      await page.waitForTimeout(16);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  });
}

/** A one-finger swipe of (dx, dy) px from `target`'s centre (touchStart, moves, touchEnd). */
export async function swipe(page: Page, target: Locator, dx: number, dy: number): Promise<void> {
  const { x, y } = await centreOf(target);
  await withTouch(page, async (cdp) => {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    const steps = 12;
    for (let step = 1; step <= steps; step += 1) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x: x + (dx * step) / steps, y: y + (dy * step) / steps }],
      });
      await page.waitForTimeout(16);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  });
}

/** Two quick taps on `target`'s centre: a phone's double tap. */
export async function doubleTap(page: Page, target: Locator): Promise<void> {
  const point = await centreOf(target);
  await withTouch(page, async (cdp) => {
    for (let tap = 0; tap < 2; tap += 1) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.waitForTimeout(60);
    }
  });
}
