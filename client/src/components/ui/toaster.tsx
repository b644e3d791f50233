import { lazy, Suspense } from "react";
import { OFFLINE_BANNER_HEIGHT } from "./offline-banner";

/** Below the "Offline" banner while it shows (it is sticky at the top): a toast never covers it. */
const below = (px: number) => ({ top: `calc(${px}px + var(${OFFLINE_BANNER_HEIGHT}, 0px))` });

/**
 * Short confirmations ("Memory saved") in the corner of the screen, by sonner
 * (docs/decisions/020-offline-and-feedback.md). Loaded after the first paint: sonner is not part
 * of the first-load JavaScript; `notify` (../../lib/notify.ts) loads the same chunk.
 */
const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

export function AppToaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        duration={3000}
        visibleToasts={2}
        offset={below(16)}
        mobileOffset={below(12)}
        toastOptions={{ className: "app-toast" }}
      />
    </Suspense>
  );
}
