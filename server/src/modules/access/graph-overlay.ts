/** How many edge rows join a pair now, against how many the compressed base holds. */
interface PairCount {
  base: number;
  now: number;
}

/**
 * The edge changes applied to a `GraphSnapshot` since its compressed base was built
 * (docs/decisions/025-audience-preview.md, "Keeping the snapshot current"), by person number:
 * `extra` lists the neighbours a person gained that the base does not have, `cut` the base
 * neighbours whose every edge row is gone, and `touched` flags the people with either, so the
 * search pays one array read per person the changes never touched.
 */
export class GraphOverlay {
  /** lower number → higher number → counts; only pairs whose count differs from the base */
  private readonly pairs = new Map<number, Map<number, PairCount>>();
  readonly extra = new Map<number, number[]>();
  readonly cut = new Map<number, number[]>();
  touched: Uint8Array;
  /** pairs whose count differs from the base */
  size = 0;

  constructor(capacity: number) {
    this.touched = new Uint8Array(Math.max(capacity, 16));
  }

  /** The count of a pair if the overlay holds it, else undefined (the base's count holds). */
  count(x: number, y: number): number | undefined {
    const [lo, hi] = x < y ? [x, y] : [y, x];
    return this.pairs.get(lo)?.get(hi)?.now;
  }

  /** Sets a pair's count (`base`: the compressed base's count of it). */
  set(x: number, y: number, base: number, now: number): void {
    const [lo, hi] = x < y ? [x, y] : [y, x];
    let row = this.pairs.get(lo);
    let entry = row?.get(hi);
    if (!entry) {
      if (now === base) return;
      entry = { base, now: base };
      if (!row) this.pairs.set(lo, (row = new Map()));
      row.set(hi, entry);
      this.size += 1;
    }
    const wasExtra = entry.base === 0 && entry.now > 0;
    const wasCut = entry.base > 0 && entry.now === 0;
    entry.now = now;
    const isExtra = entry.base === 0 && now > 0;
    const isCut = entry.base > 0 && now === 0;
    if (wasExtra !== isExtra) this.link(this.extra, lo, hi, isExtra);
    if (wasCut !== isCut) this.link(this.cut, lo, hi, isCut);
    if (now === entry.base) {
      row!.delete(hi);
      if (row!.size === 0) this.pairs.delete(lo);
      this.size -= 1;
    }
  }

  /** Makes room for people numbered up to `capacity - 1`. */
  grow(capacity: number): void {
    if (capacity <= this.touched.length) return;
    const next = new Uint8Array(Math.max(capacity, this.touched.length * 2));
    next.set(this.touched);
    this.touched = next;
  }

  private link(lists: Map<number, number[]>, x: number, y: number, on: boolean): void {
    for (const [from, to] of [
      [x, y],
      [y, x],
    ] as const) {
      const list = lists.get(from);
      if (on) {
        if (list) list.push(to);
        else lists.set(from, [to]);
        this.touched[from] = 1;
      } else if (list) {
        const i = list.indexOf(to);
        if (i >= 0) list.splice(i, 1);
        if (list.length === 0) lists.delete(from);
      }
    }
  }
}
