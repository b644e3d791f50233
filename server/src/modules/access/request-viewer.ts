import type { AccessService, Viewer } from "./access.service.js";

const viewers = new WeakMap<object, Viewer>();
const writes = new WeakSet<object>();

/**
 * A request that changes something (a REST write, a GraphQL mutation): its Viewer keeps no known
 * rows, so nothing read before the change is handed out after it (docs/decisions/028-fast-graphql-path.md).
 */
export function markWrite(req: object): void {
  writes.add(req);
  viewers.get(req)?.known.off();
}

/**
 * The Viewer of one HTTP request (REST call or GraphQL operation), keyed by the request object:
 * created on first use and dropped with the request, so its caches never outlive it or cross to
 * another person. A sign-in within the request (new user id) gets a fresh Viewer.
 */
export function viewerFor(req: object, userId: string | null, access: AccessService): Viewer {
  let viewer = viewers.get(req);
  if (!viewer || viewer.userId !== userId) {
    viewer = access.viewer(userId);
    if (writes.has(req)) viewer.known.off();
    viewers.set(req, viewer);
  }
  return viewer;
}
