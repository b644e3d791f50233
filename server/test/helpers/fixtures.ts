import path from "node:path";
import { fileURLToPath } from "node:url";

/** Small media files for tests (copied from the project's shared fixtures; see fixtures/README.md). */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");

export const fixture = (name: string): string => path.join(FIXTURES, name);
