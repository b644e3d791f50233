import { format, isValid, parseISO } from "date-fns";

/** Spec §2: a notification's time as "MMM d, h:mm a", or "Recently" when missing or unparsable. */
export function formatNotificationTime(value: string | null | undefined): string {
  if (!value) return "Recently";
  const date = parseISO(value);
  return isValid(date) ? format(date, "MMM d, h:mm a") : "Recently";
}
