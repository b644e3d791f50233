import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { bootPreloads } from "./build/boot-preloads";
import { compileHints } from "./build/compile-hints";
import { firstScreensFile } from "./build/first-screens";
import { htmlEntries, serverPathPrefixes, staticPagePaths } from "./build/html-entries";
import { productionBuild } from "./build/production-build";
import { pwaOptions } from "./build/pwa-options";
import { scriptsAfterPaint } from "./build/scripts-after-paint";
import { sitePages } from "./build/site-pages";

const root = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = process.env.KEEPSAKE_API_URL ?? "http://127.0.0.1:3000";

/** In development, serve the landing and legal pages at the same paths the server uses. */
function staticPagesInDev(): Plugin {
  return {
    name: "keepsake:static-pages-in-dev",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname, query = ""] = (req.url ?? "/").split("?", 2);
        const page = pathname === undefined ? undefined : staticPagePaths[pathname];
        if (page) req.url = query ? `${page}?${query}` : page;
        next();
      });
    },
  };
}

const config: UserConfig = {
  root,
  plugins: [
    react(),
    sitePages(),
    staticPagesInDev(),
    firstScreensFile(),
    bootPreloads(),
    scriptsAfterPaint(),
    compileHints(),
    VitePWA(pwaOptions),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPathPrefixes.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  preview: { port: 4173 },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the bench weighs each route entry's static import graph (bench/lib/client-weight.ts)
    manifest: true,
    rolldownOptions: {
      input: Object.fromEntries(
        Object.entries(htmlEntries).map(([name, file]) => [name, fileURLToPath(new URL(file, import.meta.url))]),
      ),
    },
  },
};

export default defineConfig(({ command }) => {
  productionBuild(command);
  return config;
});
