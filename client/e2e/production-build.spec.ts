import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "./helpers/test";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { apiGraphql, apiSignIn } from "./helpers/api-sign-in";
import { graphql, saveShot, signIn, trackPageErrors } from "./helpers/journey";

/**
 * The client that `npm start` and the Dockerfile build is the production build with its service
 * worker whatever NODE_ENV the build runs with: `.env.example` says NODE_ENV=development, and that
 * build used to be React's development runtime without a service worker (offline then showed the
 * browser's own "No internet" page, and the server's first screen failed to render). The client's
 * build (`npm run build -w client`'s two steps, as `npm start` runs them) is made here with
 * NODE_ENV=development into a folder of its own; it must equal, file for file, the build this
 * server serves, and that build must open offline on what was seen.
 */

const clientDir = fileURLToPath(new URL("..", import.meta.url));
const servedDist = path.join(clientDir, "dist");

/** The built files (source maps aside: they name the folder they were written to), as relative paths. */
async function builtFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".map"))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

test("built with NODE_ENV=development, the client is the production build and opens offline", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const outDir = await mkdtemp(path.join(os.tmpdir(), "keepsake-dev-env-build-"));
  try {
    // the two steps of `npm run build -w client`, into outDir
    for (const config of ["vite.config.ts", "vite.ssr.config.ts"]) {
      await promisify(execFile)(
        "npx",
        ["vite", "build", "--config", config, "--outDir", outDir, "--logLevel", "warn"],
        {
          cwd: clientDir,
          env: { ...process.env, NODE_ENV: "development" },
        },
      );
    }
    const files = await builtFiles(outDir);
    expect(files).toContain("sw.js");
    for (const file of files) {
      const [built, served] = await Promise.all([
        readFile(path.join(outDir, file), "utf8"),
        readFile(path.join(servedDist, file), "utf8").catch(() => "(missing from the served build)"),
      ]);
      expect(built === served, `${file} equals the served build's`).toBe(true);
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }

  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now();
  const boEmail = `bo-build-${stamp}@example.com`;
  const [ada, bo] = await Promise.all([
    signIn(browser, baseURL, `ada-build-${stamp}@example.com`),
    apiSignIn(baseURL, boEmail),
  ]);
  const errors = trackPageErrors(ada);
  const { createTimeline } = await graphql<{ createTimeline: { timeline: { id: string } } }>(
    ada,
    "mutation ($input: CreateTimelineInput!) { createTimeline(input: $input) { timeline { id } } }",
    { input: { title: "Built for the road", collaboratorEmail: boEmail, privacy: "PRIVATE" } },
  );
  const timelineId = createTimeline.timeline.id;
  await apiGraphql(bo, "mutation ($id: ID!) { acceptTimeline(input: { id: $id }) { timeline { id } } }", {
    id: timelineId,
  });
  await bo.dispose();
  await addMemoryWithPhoto(ada, timelineId, { caption: "Ferry at dawn", location: "Harbour", meaning: "" });

  await ada.goto(`/app/view-timeline?id=${timelineId}`);
  await expect(ada.getByRole("button", { name: /Ferry at dawn/ })).toBeVisible();
  await expect.poll(() => ada.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await ada.context().setOffline(true);
  await ada.reload();
  await expect(ada.getByTestId("offline-banner")).toContainText("Offline");
  const thumb = ada.getByRole("button", { name: /Ferry at dawn/ }).locator("img");
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await saveShot(ada, "production-build-offline");
  await ada.context().setOffline(false);
  expect(errors).toEqual([]);
});
