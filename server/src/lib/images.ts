import fsp from "node:fs/promises";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { HeicDecodeError, HeicDecoder } from "./heic-decoder.js";

/**
 * The one place that touches sharp (docs/decisions/015-code-layout.md). Decodes with a pixel limit, applies the EXIF
 * orientation, and encodes WebP variants. sharp writes no metadata unless asked (no keepExif /
 * withMetadata here), so no EXIF, GPS or ICC block reaches a served variant.
 * HEIC (HEVC-coded HEIF), which sharp's own libheif cannot decode, is decoded to pixels by
 * libheif in WebAssembly (heic-decoder.ts) and then goes the same way; AVIF is sharp's own
 * (docs/decisions/034-media-formats.md).
 */

// Memory stays bounded on a small server: no libvips operation cache, and at most
// IMAGE_CONCURRENCY images in flight (each holds one display-sized raw buffer, ≤ ~10 MB).
sharp.cache(false);

export const IMAGE_PIXEL_LIMIT = 50_000_000;
export const DISPLAY_SIZE = 1600;
export const THUMB_SIZE = 320;
const IMAGE_CONCURRENCY = 2;

export interface ImageVariant {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** Dimensions of the original as displayed (after EXIF orientation). */
  width: number;
  height: number;
  /** ≤ DISPLAY_SIZE on the longest side, WebP. */
  display: ImageVariant;
  /** ≤ THUMB_SIZE on the longest side, WebP. */
  thumb: ImageVariant;
}

export type ImageErrorKind = "pixel-limit" | "unreadable";

export class ImageError extends Error {
  constructor(
    readonly kind: ImageErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "ImageError";
  }
}

export interface ImageOptions {
  pixelLimit?: number;
}

/** A tiny counting semaphore: at most `max` tasks run at once, the rest wait in order. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

const limiter = new Limiter(IMAGE_CONCURRENCY);
const heic = new HeicDecoder();

function inputOptions(pixelLimit: number): SharpOptions {
  // failOn "error": tolerate the minor warnings phone JPEGs often carry, refuse broken files.
  // pages: 1 → the first frame of an animated GIF/WebP.
  return { limitInputPixels: pixelLimit, failOn: "error", pages: 1, autoOrient: true };
}

function classify(err: unknown): ImageError {
  if (err instanceof HeicDecodeError) return new ImageError(err.kind, err.message);
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return new ImageError("pixel-limit", message);
  return new ImageError("unreadable", message);
}

/**
 * Makes the display and thumb variants from one decode: the image is decoded (with JPEG
 * shrink-on-load), oriented and resized once to display size as raw pixels; both WebP files
 * are encoded from that buffer. `input` is a file path or a buffer.
 */
export function makeImageVariants(input: string | Buffer, opts: ImageOptions = {}): Promise<ProcessedImage> {
  const pixelLimit = opts.pixelLimit ?? IMAGE_PIXEL_LIMIT;
  return limiter.run(async () => {
    try {
      const meta = await sharp(input, inputOptions(pixelLimit)).metadata();
      if (!meta.width || !meta.height) throw new ImageError("unreadable", "image has no dimensions");
      if (meta.width * meta.height > pixelLimit) throw new ImageError("pixel-limit", "Input image exceeds pixel limit");
      const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };

      const source = isHeic(meta) ? await decodeHeic(input, pixelLimit) : sharp(input, inputOptions(pixelLimit));
      const { data, info } = await source
        .resize(DISPLAY_SIZE, DISPLAY_SIZE, { fit: "inside", withoutEnlargement: true })
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

      const [display, thumb] = await Promise.all([
        // effort 2 (default 4): ~3× faster to encode at display size for ~the same bytes (decision 004).
        sharp(data, raw).webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true }),
        sharp(data, raw)
          .resize(THUMB_SIZE, THUMB_SIZE, { fit: "inside", withoutEnlargement: true })
          .webp({ quality: 75 })
          .toBuffer({ resolveWithObject: true }),
      ]);
      return {
        width: oriented.width,
        height: oriented.height,
        display: { data: display.data, width: display.info.width, height: display.info.height },
        thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height },
      };
    } catch (err) {
      throw err instanceof ImageError ? err : classify(err);
    }
  });
}

/** A HEIF file whose pictures are HEVC-coded: sharp reads its header but cannot decode it. */
function isHeic(meta: Metadata): boolean {
  return meta.format === "heif" && meta.compression === "hevc";
}

/** A HEIC photo as raw pixels for sharp (turned as shown; without alpha unless it has some). */
async function decodeHeic(input: string | Buffer, pixelLimit: number): Promise<Sharp> {
  const decoded = await heic.decode(typeof input === "string" ? await fsp.readFile(input) : input, pixelLimit);
  const pixels = sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
  return decoded.alpha ? pixels : pixels.removeAlpha();
}

/** "Exif\0\0" before the TIFF header, as a JPEG's APP1 segment holds it. */
const EXIF_PREFIX = Buffer.from("Exif\0\0", "latin1");

/**
 * The EXIF block of an image as sharp finds it (any format; in a HEIF file, where exifr alone does
 * not find it, too), from its TIFF header on, or null.
 */
export async function imageExif(input: string | Buffer): Promise<Buffer | null> {
  try {
    const exif = (await sharp(input, { failOn: "none" }).metadata()).exif;
    if (!exif?.length) return null;
    return exif.subarray(0, 6).equals(EXIF_PREFIX) ? exif.subarray(6) : exif;
  } catch {
    return null;
  }
}

/** EXIF tags an export copy keeps, by IFD ("IFD0": the image, "IFD2": the Exif sub-IFD), as sharp writes them. */
export type KeptExif = Record<"IFD0" | "IFD2", Record<string, string>>;

/**
 * A copy of a stored image original for the data export (docs/decisions/023-export-and-deletion.md):
 * a streaming re-encode (a Duplex: pipe the original in, read the copy out) that carries no
 * metadata but `keep` (the capture date and the orientation), so GPS and every other EXIF tag
 * are gone. Pixels are not rotated (the Orientation tag is kept instead). JPEG at quality 95,
 * PNG lossless, WebP at quality 95; GIF carries no EXIF and is not passed here.
 */
export function exportImageCopy(format: string, keep: KeptExif): Sharp {
  const s = sharp({ limitInputPixels: IMAGE_PIXEL_LIMIT, failOn: "error", sequentialRead: true });
  const hasExif = Object.keys(keep.IFD0).length + Object.keys(keep.IFD2).length > 0;
  const withKept = hasExif ? s.withExif(keep) : s;
  if (format === "png") return withKept.png();
  if (format === "webp") return withKept.webp({ quality: 95 });
  return withKept.jpeg({ quality: 95 });
}

/**
 * The export's copy of a HEIF original (HEIC or AVIF; docs/decisions/034-media-formats.md): a
 * JPEG at quality 92, turned as shown, carrying only `keep` (capture dates; no orientation, the
 * pixels are already upright), so GPS and every other tag are gone.
 */
export function exportHeifAsJpeg(original: Buffer, keep: KeptExif): Promise<Buffer> {
  return limiter.run(async () => {
    const meta = await sharp(original, inputOptions(IMAGE_PIXEL_LIMIT)).metadata();
    const source = isHeic(meta)
      ? await decodeHeic(original, IMAGE_PIXEL_LIMIT)
      : sharp(original, inputOptions(IMAGE_PIXEL_LIMIT));
    const hasExif = Object.keys(keep.IFD0).length + Object.keys(keep.IFD2).length > 0;
    return (hasExif ? source.withExif(keep) : source).jpeg({ quality: 92 }).toBuffer();
  });
}
