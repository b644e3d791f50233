/**
 * The connection web's geometry (docs/product.md §9), as pure functions: who is shown, in which ring, and
 * where. Units are the spec's (ring radius 120/200/280, node radius 28/24/20) around (0, 0).
 */

export interface WebRing {
  name: "Closest" | "Close" | "Important";
  slots: number;
  radius: number;
  nodeRadius: number;
  /** Angle of the first slot in degrees (0 = right, 90 = down); the others follow evenly. */
  startAngle: number;
}

/**
 * The three rings. The start angles were searched so that, with the whole web fitted to a 360 px
 * phone, no node, name label or ring label (at the top of each ring) overlaps another.
 */
export const WEB_RINGS: readonly WebRing[] = [
  { name: "Closest", slots: 2, radius: 120, nodeRadius: 28, startAngle: -30 },
  { name: "Close", slots: 3, radius: 200, nodeRadius: 24, startAngle: -126 },
  { name: "Important", slots: 5, radius: 280, nodeRadius: 20, startAngle: -114 },
];

export const MAX_CONNECTIONS = WEB_RINGS.reduce((total, ring) => total + ring.slots, 0);

/** Zoom and drag limits (docs/product.md §9). */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 3;
export const MAX_PAN = 300;

export interface RankablePerson {
  id: string;
  memoryCount: number;
}

/** A count as the web uses it: whole, and never negative (docs/product.md §9). */
export function normalizedCount(count: number): number {
  return Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
}

/**
 * At most 10 people, ranked by shared memory count, highest first (negative counts count as 0).
 * On a tie, people already shown (`shownBefore`, in their earlier order) come first, so a refresh
 * does not shuffle the web; otherwise the server's order is kept. The same person listed twice
 * (one entry per shared timeline) counts once, with the counts added up.
 */
export function rankConnections<T extends RankablePerson>(
  people: readonly T[],
  shownBefore: readonly string[] = [],
): T[] {
  const merged = new Map<string, { person: T; count: number; order: number }>();
  people.forEach((person, order) => {
    const existing = merged.get(person.id);
    const count = normalizedCount(person.memoryCount);
    if (existing) existing.count += count;
    else merged.set(person.id, { person, count, order });
  });
  const previousRank = new Map(shownBefore.map((id, index) => [id, index]));
  const rankOf = (id: string) => previousRank.get(id) ?? Number.POSITIVE_INFINITY;
  return [...merged.values()]
    .sort((a, b) => {
      if (b.count !== a.count) return b.count - a.count;
      const shown = rankOf(a.person.id) - rankOf(b.person.id);
      if (shown !== 0 && !Number.isNaN(shown)) return shown;
      return a.order - b.order;
    })
    .slice(0, MAX_CONNECTIONS)
    .map(({ person, count }) => ({ ...person, memoryCount: count }));
}

export interface PlacedNode<T> {
  person: T;
  /** 0 Closest, 1 Close, 2 Important */
  ringIndex: number;
  ring: WebRing;
  x: number;
  y: number;
  nodeRadius: number;
}

/** Places ranked people: the first 2 on Closest, the next 3 on Close, the next 5 on Important. */
export function placeConnections<T>(ranked: readonly T[]): PlacedNode<T>[] {
  const placed: PlacedNode<T>[] = [];
  let index = 0;
  WEB_RINGS.forEach((ring, ringIndex) => {
    for (let slot = 0; slot < ring.slots && index < ranked.length; slot += 1, index += 1) {
      const angle = ((ring.startAngle + (360 / ring.slots) * slot) * Math.PI) / 180;
      placed.push({
        person: ranked[index] as T,
        ringIndex,
        ring,
        x: round(ring.radius * Math.cos(angle)),
        y: round(ring.radius * Math.sin(angle)),
        nodeRadius: ring.nodeRadius,
      });
    }
  });
  return placed;
}

/** The rings that hold someone (the web draws only those). */
export function usedRings(count: number): WebRing[] {
  const rings: WebRing[] = [];
  let seats = 0;
  for (const ring of WEB_RINGS) {
    if (count <= seats) break;
    rings.push(ring);
    seats += ring.slots;
  }
  return rings;
}

/** Room around the outermost ring for a node and its name label, in web units. */
export const LABEL_ROOM = 44;

/**
 * The scale at which the used rings fit a square viewport of `size` px (never above 1); with
 * nobody shown, the centre alone.
 */
export function fitScale(size: number, count: number): number {
  const outer = usedRings(count).at(-1);
  const extent = outer ? outer.radius + outer.nodeRadius + LABEL_ROOM : 60 + LABEL_ROOM;
  return Math.min(1, size / 2 / extent);
}

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

export function clampPan(offset: number): number {
  return Math.min(MAX_PAN, Math.max(-MAX_PAN, offset));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
