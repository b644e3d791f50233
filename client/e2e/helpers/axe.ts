import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe over the page as it is now: its serious and critical violations, in words (empty when
 * none). `tags` limits the rules (the public pages ask for WCAG 2.1 A/AA and best practice);
 * without it, every rule of axe's default run.
 *
 * axe runs in the page itself (`axe.run`, AxeBuilder's legacy mode): the same rules over the same
 * document as its default, which runs `axe.runPartial` in each frame and then `axe.finishRun` in a
 * blank page that it opens in the context for the purpose (a new tab and a second copy of axe per
 * scan). The two differ only for frames from another origin, which only the default can reach:
 * none of our screens has a frame, and the scan fails if one ever does, so nothing is left out.
 */
export async function axeViolations(page: Page, tags?: string[]): Promise<string[]> {
  expect(
    page.frames().map((frame) => frame.url()),
    "a frame in the page: axe in the page alone cannot scan it",
  ).toHaveLength(1);
  // The page at rest: a toast or a dialog still fading in is half transparent, and its text would
  // fail the contrast rule for a moment it never stays in. Endless animations (a spinner) are not awaited.
  const settle = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
  await settle();
  // A toast leaves by itself after a few seconds, fading out: one that starts leaving while axe
  // scans is half transparent for that moment. The toaster (sonner) holds its toasts while the
  // pointer is on them, so the pointer rests on the first one for the scan, and leaves after it.
  const toast = page.locator("[data-sonner-toast]").first();
  const held =
    (await toast.count()) > 0 &&
    (await toast.hover({ timeout: 2_000 }).then(
      () => true,
      () => false,
    ));
  if (held) await settle(); // the toasts spread out under the pointer
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  if (held) await page.mouse.move(0, 0);
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/** The tags the public pages (landing, privacy, terms) are held to. */
export const PUBLIC_PAGE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
