import { describe, expect, it } from "vitest";
import { inviteLinkUntil, remindAgainText } from "./remind-again";

describe("remindAgainText", () => {
  const now = new Date(2026, 10, 27, 9, 0);
  it("is null when a reminder may go now", () => {
    expect(remindAgainText("Cleo", null, now)).toBeNull();
    expect(remindAgainText("Cleo", new Date(2026, 10, 27, 8, 0).toISOString(), now)).toBeNull();
  });
  it("says the time today, tomorrow, or the date further on", () => {
    expect(remindAgainText("Cleo", new Date(2026, 10, 27, 18, 30).toISOString(), now)).toBe(
      "You can remind Cleo again at 18:30",
    );
    expect(remindAgainText("Cleo", new Date(2026, 10, 28, 8, 5).toISOString(), now)).toBe(
      "You can remind Cleo again tomorrow at 08:05",
    );
    expect(remindAgainText("Cleo", new Date(2026, 10, 30, 8, 5).toISOString(), now)).toBe(
      "You can remind Cleo again on Nov 30",
    );
  });
  it("says how long an invite link works", () => {
    expect(inviteLinkUntil(new Date(2026, 11, 4, 12).toISOString())).toBe("Works once, until Dec 4");
  });
});
