import { describe, expect, it } from "vitest";
import { formatNotificationTime } from "./format-notification-time";

describe("formatNotificationTime (docs/product.md §2)", () => {
  it('formats a time as "MMM d, h:mm a" in local time', () => {
    expect(formatNotificationTime(new Date(2024, 0, 5, 14, 30).toISOString())).toBe("Jan 5, 2:30 PM");
    expect(formatNotificationTime(new Date(2024, 10, 23, 9, 5).toISOString())).toBe("Nov 23, 9:05 AM");
  });

  it.each([[null], [undefined], [""], ["not a date"], ["2024-13-45T99:00:00Z"]])('shows "Recently" for %j', (value) => {
    expect(formatNotificationTime(value)).toBe("Recently");
  });
});
