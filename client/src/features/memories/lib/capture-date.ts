import exifr from "exifr";
import { subYears } from "date-fns";
import { toDateInputValue } from "./memory-date";

/** Spec §4/§9: a photo's capture time is used when it lies within the last 50 years and is not in the future. */
export function isAcceptableCaptureDate(date: Date, now: Date = new Date()): boolean {
  return !Number.isNaN(date.getTime()) && date <= now && date >= subYears(now, 50);
}

/** The photo's original capture time (EXIF DateTimeOriginal), or null when it has none. */
export async function readCaptureTime(file: File): Promise<Date | null> {
  if (!file.type.startsWith("image/") && !/\.(jpe?g|tiff?|heic|heif|png|webp)$/i.test(file.name)) return null;
  try {
    const tags = (await exifr.parse(file, ["DateTimeOriginal"])) as { DateTimeOriginal?: unknown } | undefined;
    const value = tags?.DateTimeOriginal;
    return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null;
  } catch {
    // No EXIF block, or a format exifr does not read: fall back to the file's date.
    return null;
  }
}

/**
 * Files whose capture time this browser may not read and the server does: videos (no EXIF) and
 * HEIF photos (HEIC, AVIF).
 */
export function captureReadByServer(file: File): boolean {
  return (
    file.type.startsWith("video/") ||
    /^image\/(heic|heif|avif)$/.test(file.type) ||
    /\.(heic|heif|avif|mov|mp4|m4v|webm)$/i.test(file.name)
  );
}

/** The camera's clock reading the server gives ("YYYY-MM-DDTHH:mm:ss", maybe with an offset) as a local Date. */
function fromServerReading(takenAt: string | null): Date | null {
  const m = takenAt ? /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(takenAt) : null;
  return m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}

/**
 * The date to prefill for a chosen file ("YYYY-MM-DD"): its capture time when acceptable (read
 * here, else the one the server read from the upload: videos, HEIC in browsers that cannot read
 * it), otherwise the file's last-modified date.
 */
export async function prefillDateFor(
  file: File,
  serverTakenAt: Promise<string | null> = Promise.resolve(null),
  now: Date = new Date(),
): Promise<string> {
  const captured = (await readCaptureTime(file)) ?? fromServerReading(await serverTakenAt);
  if (captured && isAcceptableCaptureDate(captured, now)) return toDateInputValue(captured);
  return toDateInputValue(new Date(file.lastModified || now.getTime()));
}
