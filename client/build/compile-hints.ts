import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { BOOT_MODULE } from "./boot-preloads";

/**
 * Chromium's explicit compile hint (docs/decisions/041-low-priority-scripts-and-compile-hints.md): a script whose
 * first line is `//# allFunctionsCalledOnLoad` has all its functions compiled while it streams in,
 * on a background thread, instead of each one on the main thread the first time the boot calls it.
 * Only for the code every signed-in first load runs: the app's entry and the chunks it imports that
 * hold React DOM, React Router, Apollo Client and the generated documents. Other browsers ignore
 * the comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
const BOOT_CODE =
  /[\\/]node_modules[\\/](react-dom|react-router|@apollo[\\/]client|scheduler)[\\/]|[\\/]src[\\/]gql[\\/]/;

export interface ChunkLike {
  type: "chunk" | "asset";
  name?: string;
  facadeModuleId?: string | null;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  fileName?: string;
  moduleIds?: readonly string[];
}

/** The entry `index` and the chunks that hold the boot's libraries (not the screens' own chunks). */
export function isBootChunk(chunk: ChunkLike): boolean {
  if (chunk.type !== "chunk") return false;
  if (chunk.isEntry) return chunk.name === "index";
  // the app's boot, which the entry imports once the painted first screen is shown (src/main.tsx)
  if (chunk.isDynamicEntry && BOOT_MODULE.test(chunk.facadeModuleId ?? "")) return true;
  return !chunk.isDynamicEntry && (chunk.moduleIds ?? []).some((id) => BOOT_CODE.test(id));
}

/**
 * Puts the hint on the first line of each boot chunk once the files are written (Vite writes its
 * own helper at the top of the entry as late as the bundle's last step), and moves the chunk's
 * source map down a line to match.
 */
export function compileHints(): Plugin {
  return {
    name: "keepsake:compile-hints",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !isBootChunk(chunk)) continue;
        const file = path.join(dir, chunk.fileName);
        fs.writeFileSync(file, `${COMPILE_HINT}\n${fs.readFileSync(file, "utf8")}`);
        const mapFile = `${file}.map`;
        if (!fs.existsSync(mapFile)) continue;
        const map = JSON.parse(fs.readFileSync(mapFile, "utf8")) as { mappings: string };
        map.mappings = `;${map.mappings}`;
        fs.writeFileSync(mapFile, JSON.stringify(map));
      }
    },
  };
}
