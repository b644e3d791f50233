import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAcceptableCaptureDate, prefillDateFor, readCaptureTime } from "./capture-date";

// Copies of the shared fixtures, next to the e2e journeys (the tests run from client/ or the root).
const fixtures = ["e2e/fixtures", "client/e2e/fixtures"]
  .map((dir) => path.resolve(dir))
  .find((dir) => existsSync(dir))!;
const now = new Date(2024, 5, 15, 12, 0);

function fixture(name: string, type: string, lastModified: number): File {
  return new File([readFileSync(`${fixtures}/${name}`)], name, { type, lastModified });
}

describe("capture date (docs/product.md §4, §9)", () => {
  it("accepts times within the last 50 years that are not in the future", () => {
    expect(isAcceptableCaptureDate(new Date(2023, 6, 14), now)).toBe(true);
    expect(isAcceptableCaptureDate(new Date(1974, 5, 16), now)).toBe(true);
    expect(isAcceptableCaptureDate(new Date(1974, 5, 14), now)).toBe(false);
    expect(isAcceptableCaptureDate(new Date(2024, 5, 15, 12, 1), now)).toBe(false);
    expect(isAcceptableCaptureDate(new Date(Number.NaN), now)).toBe(false);
  });

  it("reads DateTimeOriginal from a real JPEG", async () => {
    const photo = fixture("photo-gps.jpg", "image/jpeg", Date.now());
    expect(await readCaptureTime(photo)).toEqual(new Date(2023, 6, 14, 18, 32, 5));
    expect(await prefillDateFor(photo, undefined, now)).toBe("2023-07-14");
  });

  it("falls back to the file's last-modified date without EXIF", async () => {
    const plain = fixture("photo-plain.jpg", "image/jpeg", new Date(2022, 10, 2, 8, 0).getTime());
    expect(await readCaptureTime(plain)).toBeNull();
    expect(await prefillDateFor(plain, undefined, now)).toBe("2022-11-02");
  });

  it("does not look for EXIF in a video", async () => {
    const clip = new File(["not really a video"], "clip.mp4", {
      type: "video/mp4",
      lastModified: new Date(2021, 0, 9).getTime(),
    });
    expect(await readCaptureTime(clip)).toBeNull();
    expect(await prefillDateFor(clip, undefined, now)).toBe("2021-01-09");
  });

  it("takes a video's capture date from the server's reading of the upload, its local date", async () => {
    const clip = new File(["not really a video"], "IMG_0001.MOV", {
      type: "video/quicktime",
      lastModified: new Date(2021, 0, 9).getTime(),
    });
    expect(await prefillDateFor(clip, Promise.resolve("2023-07-14T23:32:05+02:00"), now)).toBe("2023-07-14");
    // a reading from the future or older than 50 years is not a capture date
    expect(await prefillDateFor(clip, Promise.resolve("2099-01-01T00:00:00"), now)).toBe("2021-01-09");
    expect(await prefillDateFor(clip, Promise.resolve(null), now)).toBe("2021-01-09");
  });
});
