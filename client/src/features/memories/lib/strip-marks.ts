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

/** How many memories a month holds, in the strip's order (the server's `Timeline.memoryMonths`). */
export interface MonthCount {
  /** "YYYY-MM", or null for the memories without a date */
  month: string | null;
  count: number;
}

function monthLabel(month: string | null): string {
  const date = month ? parseMemoryDate(`${month}-01`) : null;
  return date ? format(date, "MMM yyyy") : "No date";
}

/**
 * The month markers of the whole timeline from its month counts: index → label on the first
 * memory of each month, also for the pages not read yet.
 */
export function monthMarksOf(months: readonly MonthCount[]): Map<number, string> {
  const marks = new Map<number, string>();
  let index = 0;
  for (const { month, count } of months) {
    marks.set(index, monthLabel(month));
    index += count;
  }
  return marks;
}

/** The year scrubber's stops of the whole timeline from its month counts. */
export function yearStopsOf(months: readonly MonthCount[]): YearStop[] {
  const stops: YearStop[] = [];
  let index = 0;
  for (const { month, count } of months) {
    const label = month ? month.slice(0, 4) : "No date";
    if (!stops.some((stop) => stop.label === label)) stops.push({ label, index });
    index += count;
  }
  return stops;
}

/** Which stop a strip scrolled to `index` (its first visible memory) is in. */
export function stopAt(stops: readonly YearStop[], index: number): YearStop | undefined {
  let found: YearStop | undefined;
  for (const stop of stops) if (stop.index <= index && (!found || stop.index > found.index)) found = stop;
  return found;
}
