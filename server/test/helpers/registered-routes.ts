import type { Express } from "express";

/** One REST route as registered: `GET /api/timelines/:id`. */
export interface RegisteredRoute {
  method: string;
  path: string;
}

interface RouterLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

const join = (prefix: string, p: unknown) => {
  const s = typeof p === "string" ? p : String(p);
  const joined = `${prefix}/${s}`.replace(/\/+/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
};

/** Walks the Express router stack (nested routers included): every route with its method and full path. */
export function registeredRoutes(app: Express): RegisteredRoute[] {
  const out = new Map<string, RegisteredRoute>();
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = join(prefix, layer.route.path);
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all") out.set(`${method} ${path}`, { method: method.toUpperCase(), path });
        }
      } else if (layer.handle?.stack) {
        walk(
          layer.handle.stack,
          layer.rawPath === undefined || layer.rawPath === "/" ? prefix : join(prefix, layer.rawPath),
        );
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, "");
  return [...out.values()];
}
