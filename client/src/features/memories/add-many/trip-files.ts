import { format } from "date-fns";
import { isAcceptableCaptureDate, readCaptureTime } from "../lib/capture-date";
import type { TripFile } from "./trip-groups";

/**
 * What Add many knows of a chosen file without its bytes: the browser cannot open a file again by
 * itself after the page is left, so a draft recognises the same file chosen again by its name,
 * size and last change (docs/decisions/058-add-many-and-share-target.md).
 */
export interface FileFacts extends TripFile {
  name: string;
  size: number;
  lastModified: number;
  type: string;
}

export function fileKey(file: Pick<File, "name" | "size" | "lastModified">): string {
  return `${file.name}|${file.size}|${file.lastModified}`;
}

/** A local time as "YYYY-MM-DDTHH:mm:ss" (the form the camera's clock is read in). */
export function localStamp(date: Date): string {
  return format(date, "yyyy-MM-dd'T'HH:mm:ss");
}

/** The file's capture time read here (EXIF, as Add Memory reads it), else its last change. */
export async function factsOf(file: File, now: Date = new Date()): Promise<FileFacts> {
  const captured = await readCaptureTime(file);
  const when =
    captured && isAcceptableCaptureDate(captured, now) ? captured : new Date(file.lastModified || now.getTime());
  return {
    key: fileKey(file),
    takenAt: localStamp(when),
    name: file.name,
    size: file.size,
    lastModified: file.lastModified,
    type: file.type,
  };
}

/** Photos and videos only, each once (the same file picked twice counts once). */
export function photosAndVideos(files: File[]): File[] {
  const seen = new Set<string>();
  return files.filter((file) => {
    const key = fileKey(file);
    const media =
      /^(image|video)\//.test(file.type) || /\.(jpe?g|png|gif|webp|heic|heif|avif|mov|mp4|m4v|webm)$/i.test(file.name);
    if (!media || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
