import "./styles/global.css";
import { afterFirstPaint } from "./lib/after-first-paint";
import { reloadOnceForStaleChunk } from "./lib/stale-chunk";

/**
 * The entry (docs/decisions/043-boot-after-the-paint.md). When the server painted the first screen
 * into #root, the app's code (./boot.tsx and the libraries it imports, about 150 KB) is evaluated
 * only once that screen has been painted: evaluating it is one long task, and on a phone whose
 * scripts arrive early that task would hold the first paint back. The HTML preloads every chunk of
 * the boot (client/build/boot-preloads.ts), so nothing downloads later than before; only the
 * evaluation waits. A page without a painted screen (the logo mark) starts at once.
 */
const painted = document.querySelector("#root [data-first-screen]") !== null;

void (painted ? afterFirstPaint() : Promise.resolve())
  .then(() => {
    // when the boot began, for the journeys and DevTools' timeline (client/e2e/first-screen.spec.ts)
    performance.mark("keepsake:boot");
    return import("./boot");
  })
  .then(({ start }) => start())
  .catch((error: unknown) => {
    // a tab left open across a deploy asks for the old build's boot chunk: reload once for the new one
    if (!reloadOnceForStaleChunk(error)) throw error;
  });
