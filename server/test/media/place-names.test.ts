import { describe, expect, it } from "vitest";
import { placeName } from "../../src/modules/media/place-names.js";

describe("the place named privately, from the offline gazetteer", () => {
  it.each([
    ["the Eiffel Tower", 48.8584, 2.2945, "Paris, France"],
    ["the Baixa in Lisbon", 38.7115, -9.1365, "Lisbon, Portugal"],
    ["Times Square", 40.758, -73.9855, "New York City, United States"],
    ["Westminster Bridge", 51.5007, -0.1246, "London, United Kingdom"],
    ["the Sydney Opera House", -33.8568, 151.2153, "Sydney, Australia"],
  ])("names %s by its city, not the nearest neighbourhood", (_label, latitude, longitude, expected) => {
    expect(placeName({ latitude, longitude })).toBe(expected);
  });

  it("keeps a village its own name when no city is near", () => {
    // Monsaraz, a walled village in the Alentejo
    expect(placeName({ latitude: 38.4427, longitude: -7.3803 })).toMatch(/, Portugal$/);
    expect(placeName({ latitude: 38.4427, longitude: -7.3803 })).not.toMatch(/^(Lisbon|Évora),/);
  });

  it("names nothing in the middle of the ocean", () => {
    expect(placeName({ latitude: 0, longitude: -30 })).toBeNull();
  });
});
