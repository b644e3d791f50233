/** The browser's own time zone (an IANA name), or UTC when it says none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** "08:00" for 8. */
export const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

export const HOURS = Array.from({ length: 24 }, (_, h) => h);
