import type { AccessService, Viewer } from "./access.service.js";

const viewers = new WeakMap<object, Viewer>();

/**
 * The Viewer of one HTTP request (REST call or GraphQL operation), keyed by the request object:
 * created on first use and dropped with the request, so its caches never outlive it or cross to
 * another person. A sign-in within the request (new user id) gets a fresh Viewer.
 */
export function viewerFor(req: object, userId: string | null, access: AccessService): Viewer {
  let viewer = viewers.get(req);
  if (!viewer || viewer.userId !== userId) {
    viewer = access.viewer(userId);
    viewers.set(req, viewer);
  }
  return viewer;
}
