import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Small media files for tests (copied from the project's shared fixtures; see fixtures/README.md). */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");

export const fixture = (name: string): string => path.join(FIXTURES, name);

/**
 * The same picture with other bytes after its end: to the same-photo-twice check
 * (docs/decisions/050-trip-uploads.md) another photo, for tests that add many memories of one fixture.
 */
export function distinctCopy(jpeg: Buffer): Buffer {
  return Buffer.concat([jpeg, Buffer.from(crypto.randomUUID())]);
}
