import { FUTURE_DATE_MESSAGE, INVALID_DATE_MESSAGE } from "@keepsake/contract";
import { format, isValid, parse } from "date-fns";

/** A local calendar date as the date input's value ("YYYY-MM-DD"). */
export function toDateInputValue(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** Today in the user's time zone, the date input's maximum (docs/product.md §5). */
export function todayDateInputValue(now: Date = new Date()): string {
  return toDateInputValue(now);
}

/** Parses "YYYY-MM-DD" as a local calendar date; null when it is not a real date. */
export function parseMemoryDate(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, "yyyy-MM-dd", new Date(2000, 0, 1));
  return isValid(date) && toDateInputValue(date) === value ? date : null;
}

/** "Jan 5, 2024" (docs/product.md §2), or "" when there is no usable date. */
export function formatMemoryDate(value: string | null | undefined): string {
  const date = parseMemoryDate(value);
  return date ? format(date, "MMM d, yyyy") : "";
}

/**
 * Spec §5/§8: an empty date is allowed; a date that is not a real date, or one after today,
 * is refused with the spec's message.
 */
export function memoryDateError(value: string, now: Date = new Date()): string | null {
  if (!value) return null;
  if (!parseMemoryDate(value)) return INVALID_DATE_MESSAGE;
  return value > todayDateInputValue(now) ? FUTURE_DATE_MESSAGE : null;
}
