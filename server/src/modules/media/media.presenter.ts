import type { MediaFile } from "../../entities/media-file.entity.js";
import type { MediaService, MediaUrls } from "./media.service.js";

/** A media file's signed URLs; GraphQL and REST both present through it (re-checked by /media on every request). */
export class MediaPresenter {
  /** a file's URLs, signed once per request however many of its URL fields are asked for */
  private readonly signed = new WeakMap<MediaFile, MediaUrls>();

  constructor(private readonly d: { media: Pick<MediaService, "urlsFor"> }) {}

  urls(media: MediaFile): MediaUrls {
    let urls = this.signed.get(media);
    if (!urls) this.signed.set(media, (urls = this.d.media.urlsFor(media)));
    return urls;
  }
}
