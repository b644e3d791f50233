import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { UnreadBadge } from "./badge";
import { BottomNav } from "./bottom-nav";
import { ProfileIcon, UpdatesIcon } from "./icons";

describe("BottomNav", () => {
  it("renders in-page tabs as buttons with the current one marked", async () => {
    const onSelect = vi.fn();
    render(
      <BottomNav
        label="Profile sections"
        items={[
          { key: "profile", label: "Profile", icon: <ProfileIcon />, current: "page", onSelect: () => {} },
          { key: "updates", label: "Updates", icon: <UpdatesIcon />, onSelect, badge: <UnreadBadge count={12} /> },
        ]}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Profile sections" });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Profile" })).toHaveAttribute("aria-current", "page");
    const updates = screen.getByRole("button", { name: "Updates 12 unread" });
    expect(updates).toHaveTextContent("9+");
    expect(updates).not.toHaveAttribute("aria-current");
    await userEvent.click(updates);
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
