import crypto from "node:crypto";
import { shardOf } from "../../lib/storage.js";

/**
 * Storage keys of a media row, made from its id (docs/decisions/004-media-pipeline.md): the
 * original under `originals/`, each variant under `variants/` with a random suffix so a
 * replaced file never collides with a cached one.
 */
export const mediaKeys = {
  original: (id: string, format: string) => `originals/${shardOf(id)}/${id}.${format === "jpeg" ? "jpg" : format}`,
  variant: (id: string, name: string, ext: string) =>
    `variants/${shardOf(id)}/${id}-${name}-${crypto.randomBytes(4).toString("hex")}.${ext}`,
};
