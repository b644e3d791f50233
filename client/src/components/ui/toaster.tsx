import { lazy, Suspense } from "react";

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
        offset={16}
        mobileOffset={12}
        toastOptions={{ className: "app-toast" }}
      />
    </Suspense>
  );
}
