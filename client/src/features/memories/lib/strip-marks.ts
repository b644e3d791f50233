import { format } from "date-fns";
import { parseMemoryDate } from "./memory-date";

type Dated = { memoryDate?: string | null };

/**
 * The month markers along the strip (docs/decisions/018-viewer-and-strip.md): index → "Jan 2024"
 * on the first memory of each month in the strip's order (and "No date" on the first undated one).
 */
export function monthMarks(memories: readonly Dated[]): Map<number, string> {
  const marks = new Map<number, string>();
  let previous: string | null = null;
  memories.forEach((memory, index) => {
    const date = parseMemoryDate(memory.memoryDate);
    const label = date ? format(date, "MMM yyyy") : "No date";
    if (label !== previous) marks.set(index, label);
    previous = label;
  });
  return marks;
}

export interface YearStop {
  /** "2024", or "No date". */
  label: string;
  /** The first memory of that year in the strip's order. */
  index: number;
}

/** The year scrubber's stops: each year (and "No date") once, where it first appears. */
export function yearStops(memories: readonly Dated[]): YearStop[] {
  const stops: YearStop[] = [];
  const seen = new Set<string>();
  memories.forEach((memory, index) => {
    const date = parseMemoryDate(memory.memoryDate);
    const label = date ? String(date.getFullYear()) : "No date";
    if (seen.has(label)) return;
    seen.add(label);
    stops.push({ label, index });
  });
  return stops;
}

/** Which stop a strip scrolled to `index` (its first visible memory) is in. */
export function stopAt(stops: readonly YearStop[], index: number): YearStop | undefined {
  let found: YearStop | undefined;
  for (const stop of stops) if (stop.index <= index && (!found || stop.index > found.index)) found = stop;
  return found;
}
