import type { FileUpload } from "graphql-upload-minimal";
import type { MediaService } from "./media.service.js";

/**
 * The part of MediaService (docs/decisions/004-media-pipeline.md) that profiles,
 * timelines and memories use. Kept narrow so these modules never touch storage themselves.
 */
export type MediaPort = Pick<
  MediaService,
  "ingestUpload" | "markAttached" | "remove" | "signedUrl" | "urlsFor" | "duplicateIn" | "knownBytes"
>;

/** A GraphQL multipart upload (graphql-upload-minimal resolves the scalar to a promise). */
export type UploadArg = Promise<FileUpload> | FileUpload;
