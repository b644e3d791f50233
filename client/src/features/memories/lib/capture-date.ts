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
 * The date to prefill for a chosen file ("YYYY-MM-DD"): its capture time when acceptable,
 * otherwise the file's last-modified date.
 */
export async function prefillDateFor(file: File, now: Date = new Date()): Promise<string> {
  const captured = await readCaptureTime(file);
  if (captured && isAcceptableCaptureDate(captured, now)) return toDateInputValue(captured);
  return toDateInputValue(new Date(file.lastModified || now.getTime()));
}
