import type { Loaders } from "./web/loaders.js";
import type { Viewer } from "./modules/access/access.service.js";
import type { MediaService } from "./modules/media/media.service.js";

/**
 * What a presenter (`modules/<feature>/<feature>.presenter.ts`) computes derived fields from:
 * the request's viewer (asked when a field is computed, so a sign-in within the request counts),
 * its per-request loaders (no per-field statements, docs/decisions/028-fast-graphql-path.md) and
 * the media URL signer. One presenter per type serves both doors (docs/decisions/015-code-layout.md).
 */
export interface PresentDeps {
  viewer: () => Viewer;
  loaders: Loaders;
  media: Pick<MediaService, "signedUrl" | "urlsFor">;
}
