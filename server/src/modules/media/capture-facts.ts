import exifr from "exifr";

/** Where a photo or a video was taken, in decimal degrees (WGS 84). Never stored, logged or served. */
export interface GeoPosition {
  latitude: number;
  longitude: number;
}

/**
 * What a file says about its capture (docs/decisions/034-media-formats.md), read before anything
 * is made from it. `takenAt` is the camera's clock as recorded: "YYYY-MM-DDTHH:mm:ss", followed by
 * the UTC offset ("+02:00") when the file gives one; a clock reading without an offset is not an
 * instant, so it is kept as text. `position` is for a place suggestion only: the media row never
 * holds it and nothing made from the file carries it.
 */
export interface CaptureFacts {
  takenAt: string | null;
  position: GeoPosition | null;
}

export const NO_FACTS: CaptureFacts = { takenAt: null, position: null };

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;
/** ISO 6709 in decimal degrees, as phones write it: "+48.8584+002.2945+035.000/". */
const ISO_6709 = /^([+-]\d{1,2}(?:\.\d+)?)([+-]\d{1,3}(?:\.\d+)?)/;

function offsetOf(zone: string | undefined): string {
  if (!zone) return "";
  if (zone === "Z") return "+00:00";
  return zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}

/** A plausible clock reading (a camera whose clock was never set writes 0000 or 1904). */
function clock(y: string, mo: string, d: string, h: string, mi: string, s: string, zone = ""): string | null {
  const year = Number(y);
  if (year < 1900 || year > 2200 || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return null;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
}

function position(latitude: unknown, longitude: unknown): GeoPosition | null {
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180 || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude };
}

/** The capture facts of a photo (any format) from its EXIF block (`imageExif` in lib/images.ts). */
export async function photoFacts(exif: Buffer | null): Promise<CaptureFacts> {
  if (!exif) return NO_FACTS;
  try {
    const tags = (await exifr.parse(exif, {
      pick: [
        "DateTimeOriginal",
        "CreateDate",
        "OffsetTimeOriginal",
        "OffsetTime",
        "GPSLatitude",
        "GPSLatitudeRef",
        "GPSLongitude",
        "GPSLongitudeRef",
      ],
      reviveValues: false,
      translateValues: false,
    })) as Record<string, unknown> | undefined;
    if (!tags) return NO_FACTS;
    const raw = tags.DateTimeOriginal ?? tags.CreateDate;
    const m = typeof raw === "string" ? EXIF_DATE.exec(raw) : null;
    const zone = tags.OffsetTimeOriginal ?? tags.OffsetTime;
    const offset = typeof zone === "string" && /^[+-]\d{2}:\d{2}$/.test(zone) ? zone : "";
    const takenAt = m ? clock(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6]!, offset) : null;
    return { takenAt, position: position(tags.latitude, tags.longitude) };
  } catch {
    // an unreadable EXIF block: nothing known
    return NO_FACTS;
  }
}

/**
 * The capture facts of a video from its container metadata (as ffmpeg reads it: Apple's
 * `com.apple.quicktime.*` keys, `©xyz` as "location", Matroska tags, the movie header's
 * creation time). Keys are compared in lower case.
 */
export function videoFacts(tags: ReadonlyMap<string, string>): CaptureFacts {
  const place = ["com.apple.quicktime.location.iso6709", "location", "location-eng"]
    .map((k) => tags.get(k))
    .find((v) => v && ISO_6709.test(v));
  const p = place ? ISO_6709.exec(place) : null;
  let takenAt: string | null = null;
  for (const key of ["com.apple.quicktime.creationdate", "creation_time", "date"]) {
    const m = ISO_DATE.exec(tags.get(key) ?? "");
    if (m) takenAt = clock(m[1]!, m[2]!, m[3]!, m[4]!, m[5]!, m[6]!, offsetOf(m[7]));
    if (takenAt) break;
  }
  return { takenAt, position: p ? position(Number(p[1]), Number(p[2])) : null };
}
