import { registerSW } from "virtual:pwa-register";

/**
 * Registers the service worker (docs/product.md §2: "A service worker is registered when the app loads").
 * It precaches the built assets and updates itself (registerType autoUpdate). Does nothing in
 * tests, in the dev server, or where service workers are unavailable.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.MODE === "test" || import.meta.env.DEV) return;
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  registerSW({
    // at the window's load event: its precache downloads do not compete with the first screen
    // (docs/decisions/040-boot-in-short-tasks.md)
    immediate: false,
    onRegisterError(error: unknown) {
      console.warn("Service worker registration failed", error);
    },
  });
}
