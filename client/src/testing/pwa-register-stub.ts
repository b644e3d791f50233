// Stand-in for vite-plugin-pwa's `virtual:pwa-register` in unit tests (aliased in vitest.config.ts).
export function registerSW(): (reloadPage?: boolean) => Promise<void> {
  return async () => {};
}
