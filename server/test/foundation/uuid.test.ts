import { describe, expect, it } from "vitest";
import { isUuid, mediaIdIn } from "../../src/lib/uuid.js";

const ID = "0b0c6a1e-5f7d-4c1a-9a53-2f1d3c4b5a69";

describe("ids", () => {
  it("isUuid takes a well-formed UUID in any case and nothing else", () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    for (const bad of ["", `${ID}0`, ID.slice(1), `${ID} `, "x".repeat(36), 42, null, undefined, [ID]]) {
      expect(isUuid(bad)).toBe(false);
    }
  });

  it("mediaIdIn reads a bare id or a /media/<id>/… URL, lower-cased, and nothing else", () => {
    expect(mediaIdIn(ID)).toBe(ID);
    expect(mediaIdIn(`/media/${ID.toUpperCase()}/thumb.webp?exp=1&sig=x`)).toBe(ID);
    expect(mediaIdIn(`https://keepsake.test/media/${ID}/display.webp`)).toBe(ID);
    expect(mediaIdIn(`/media/${ID}`)).toBe(ID);
    for (const bad of ["", "/media/", `/media/${ID}0/x`, `/other/${ID}/x`, `${ID}x`]) {
      expect(mediaIdIn(bad)).toBeUndefined();
    }
  });
});
