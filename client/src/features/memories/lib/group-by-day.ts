import { format } from "date-fns";
import { parseMemoryDate } from "./memory-date";

type Dated = { memoryDate?: string | null };

/** One day of the days grid: its memory date ("YYYY-MM-DD", or null for memories without one). */
export interface MemoryDay<T> {
  date: string | null;
  memories: T[];
}

/**
 * The memories grouped by their memory date, in the order they come: the days go the way the
 * list goes (a timeline's memories come newest first, as the strip shows them: memory-order.ts),
 * and within a day the memories keep their order. Memories without a date make one group, where
 * the first of them comes (last, in the server's order).
 */
export function groupByDay<T extends Dated>(memories: readonly T[]): MemoryDay<T>[] {
  const days = new Map<string | null, T[]>();
  for (const memory of memories) {
    const date = parseMemoryDate(memory.memoryDate) ? memory.memoryDate! : null;
    const day = days.get(date);
    if (day) day.push(memory);
    else days.set(date, [memory]);
  }
  return [...days].map(([date, dayMemories]) => ({ date, memories: dayMemories }));
}

/** A day's heading: "Friday, Jan 5, 2024" (the strip's "Jan 5, 2024" with its weekday), or "No date". */
export function formatDayHeading(date: string | null): string {
  const day = parseMemoryDate(date);
  return day ? format(day, "EEEE, MMM d, yyyy") : "No date";
}
