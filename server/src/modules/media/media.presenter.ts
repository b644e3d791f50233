import type { PresentDeps } from "../../present-deps.js";
import type { MediaFile } from "./media-file.entity.js";
import type { MediaUrls } from "./media.service.js";

/** A media file's signed URLs; GraphQL and REST both present through it (re-checked by /media on every request). */
export class MediaPresenter {
  constructor(private readonly d: PresentDeps) {}

  urls(media: MediaFile): MediaUrls {
    return this.d.media.urlsFor(media);
  }
}
