import type { Express } from "express";

/** One registered Express route: its method, full path and where it sits in the app's top-level stack. */
export interface RegisteredRoute {
  method: string;
  path: string;
  /** Index of the top-level layer (in `app.router.stack`) that leads to this route. */
  topIndex: number;
}

interface LayerLike {
  name?: string;
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}

function mountPaths(raw: unknown): string[] {
  const paths = Array.isArray(raw) ? raw.flat(Infinity) : [raw];
  return paths.map((p) => (typeof p === "string" && p !== "/" ? p : ""));
}

function walk(stack: LayerLike[], prefix: string, topIndex: number | null, out: RegisteredRoute[]): void {
  stack.forEach((layer, i) => {
    const top = topIndex ?? i;
    if (layer.route) {
      for (const p of mountPaths(layer.route.path)) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all") out.push({ method: method.toUpperCase(), path: prefix + p, topIndex: top });
        }
      }
    } else if (layer.handle?.stack) {
      for (const p of mountPaths(layer.rawPath)) walk(layer.handle.stack, prefix + p, top, out);
    }
  });
}

/** Every route registered on the app (walking nested routers), as tests enumerate them. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, "", null, out);
  return out;
}

/** The index of the named middleware in the app's top-level stack (-1 when absent). */
export function topLevelIndex(app: Express, name: string): number {
  return (app as unknown as { router: { stack: LayerLike[] } }).router.stack.findIndex((l) => l.name === name);
}

/** A concrete URL for a route path: every `:param` becomes `value`. */
export function concretePath(path: string, value: string): string {
  return path.replace(/:[A-Za-z_]+/g, value);
}
