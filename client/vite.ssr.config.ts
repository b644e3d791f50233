import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { productionBuild } from "./build/production-build";

const root = fileURLToPath(new URL(".", import.meta.url));

/** Where the server finds the renderer (server/src/web/first-screen-render.ts); dot folders are never served. */
export const FIRST_SCREEN_RENDERER = ".vite/ssr/first-screen.mjs";

/**
 * The signed-in first screen's renderer for the server (src/server-render/first-screen.tsx,
 * docs/decisions/042-strip-rendered-by-the-server.md): one Node module with everything it imports inside
 * (the production image installs only the server's dependencies), written into the client's
 * build after it (`npm run build`). Its CSS-module class names are the client build's own:
 * both derive them from each stylesheet's content.
 */
const config: UserConfig = {
  root,
  plugins: [react()],
  // React's production build whatever NODE_ENV the server runs with (tests run it as "test")
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { noExternal: true, target: "node" },
  build: {
    ssr: "src/server-render/first-screen.tsx",
    outDir: "dist",
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    minify: false,
    // one file: the lazy screens it imports are inlined, nothing lands in the public assets
    rolldownOptions: { output: { entryFileNames: FIRST_SCREEN_RENDERER, format: "es", inlineDynamicImports: true } },
  },
};

export default defineConfig(({ command }) => {
  productionBuild(command);
  return config;
});
