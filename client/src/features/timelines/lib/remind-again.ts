import { format, isSameDay, addDays } from "date-fns";

/**
 * When "Remind {name}" works again, said the way a person reads it
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md): "at 18:30" today, "tomorrow at
 * 09:12", or a date further on. Null when it works now.
 */
export function remindAgainText(name: string, at: string | null | undefined, now = new Date()): string | null {
  if (!at) return null;
  const when = new Date(at);
  if (Number.isNaN(when.getTime()) || when.getTime() <= now.getTime()) return null;
  const time = format(when, "HH:mm");
  if (isSameDay(when, now)) return `You can remind ${name} again at ${time}`;
  if (isSameDay(when, addDays(now, 1))) return `You can remind ${name} again tomorrow at ${time}`;
  return `You can remind ${name} again on ${format(when, "MMM d")}`;
}

/** The invite link's lifetime, for the line under it: "Works once, until Dec 4". */
export function inviteLinkUntil(expiresAt: string): string {
  const when = new Date(expiresAt);
  return Number.isNaN(when.getTime()) ? "Works once" : `Works once, until ${format(when, "MMM d")}`;
}
