import { registerEnumType } from "type-graphql";

export enum MediaType {
  IMAGE = "image",
  VIDEO = "video",
}

registerEnumType(MediaType, { name: "MediaType" });

/** Whether a media's served files are all there (docs/decisions/034-media-formats.md). */
export enum MediaStatus {
  /** Everything it serves is made. */
  READY = "ready",
  /** A video that not every browser plays: its H.264 copy is being made (poster and thumb are there). */
  PREPARING = "preparing",
  /** That copy could not be made after every retry; the original is kept for the export. */
  FAILED = "failed",
}

registerEnumType(MediaStatus, {
  name: "MediaStatus",
  description:
    "READY: served files all made; PREPARING: a video's playable copy is being made; FAILED: it could not be",
});
