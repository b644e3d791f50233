import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Logger } from "../lib/logger.js";

/**
 * The client's server renderer of the signed-in first screen (client/src/server-render/first-screen.tsx,
 * built by client/vite.ssr.config.ts into the client's build; docs/decisions/042-strip-rendered-by-the-server.md).
 * With the answers the page already carries for the session's person, it renders the screen's own
 * components into `#root`, so the first paint is the screen with its first images, not the logo.
 *
 * It is loaded once, on first use; without a build of it (tests, a client built before it existed)
 * or when it throws, the page is served without the markup, as before: the app renders the screen.
 */
export interface FirstScreenInput {
  pathname: string;
  search: string;
  session: { isAuthenticated: boolean; user: unknown };
  query: { name: string; variables: Record<string, unknown>; data: Record<string, unknown> };
}

export type RenderFirstScreen = (input: FirstScreenInput) => string | null;

/** Where the client's build writes it (client/vite.ssr.config.ts `FIRST_SCREEN_RENDERER`). */
export const RENDERER_FILE = path.join(".vite", "ssr", "first-screen.mjs");

export interface FirstScreenRenderer {
  /** The markup for `#root`, or null (no renderer, no screen for this path, or a failure, which is logged). */
  render(input: FirstScreenInput): Promise<string | null>;
}

export function firstScreenRenderer(
  distDir: string,
  logger: Pick<Logger, "warn">,
  load: (file: string) => Promise<{ renderFirstScreen?: RenderFirstScreen }> = (file) =>
    import(pathToFileURL(file).href) as Promise<{ renderFirstScreen?: RenderFirstScreen }>,
): FirstScreenRenderer {
  const file = path.join(distDir, RENDERER_FILE);
  let loading: Promise<RenderFirstScreen | null> | null = null;
  const renderer = () =>
    (loading ??= fs.existsSync(file)
      ? load(file).then(
          (module) => module.renderFirstScreen ?? null,
          (err: unknown) => {
            logger.warn({ err }, "first screen renderer failed to load");
            return null;
          },
        )
      : Promise.resolve(null));
  return {
    async render(input) {
      const render = await renderer();
      if (!render) return null;
      try {
        return render(input);
      } catch (err) {
        logger.warn({ err, path: input.pathname }, "first screen render failed");
        return null;
      }
    },
  };
}
