import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PrivacyRequestAnswer } from "../../../features/notifications/components/privacy-request-answer";
import {
  aNotification,
  notificationsMock,
  unreadCountMock,
} from "../../../features/notifications/testing/notification-mocks";
import { OFFLINE_REASON_ID } from "../../../lib/use-online";
import { renderScreen } from "../../../testing/render";
import { UpdatesScreen } from "./updates-screen";

function goOffline(offline: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? "offline" : "online"));
  });
}

const proposal = aNotification({
  type: "TIMELINE_PROPOSAL",
  message: 'Bo Jensen invited you to share the timeline "Summer"',
  actionUrl: "/app/updates",
  relatedTimelineId: "t-9",
  proposalStatus: "PENDING",
});

/**
 * Offline, Updates disables only what needs the network, with the reason
 * (docs/decisions/036-offline-truth-and-memory-urls.md, issue 30): answering a proposal or a
 * request to widen and "Mark all as read" send a change; View only opens a screen.
 */
describe("Updates offline", () => {
  afterEach(() => vi.restoreAllMocks());

  it("disables Accept, Reject and Mark all as read with the reason, keeps View, and enables them again online", async () => {
    renderScreen(<UpdatesScreen />, {
      path: "/app/updates",
      mocks: [notificationsMock([proposal, aNotification({ message: "Bo added a memory" })]), unreadCountMock(2)],
    });
    const [asked, added] = await screen.findAllByRole("article");
    goOffline(true);
    const changes = [
      within(asked!).getByRole("button", { name: "Accept" }),
      within(asked!).getByRole("button", { name: "Reject" }),
      screen.getByRole("button", { name: /Mark all as read/ }),
    ];
    for (const button of changes) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute("aria-describedby", OFFLINE_REASON_ID);
    }
    const view = within(added!).getByRole("link", { name: "View" });
    expect(view).toHaveAttribute("href", "/app/view-timeline?id=t-1");
    expect(view).not.toHaveAttribute("aria-disabled");

    goOffline(false);
    for (const button of changes) expect(button).toBeEnabled();
  });

  it("disables the answer to a request to widen while offline", () => {
    goOffline(true);
    renderScreen(
      <PrivacyRequestAnswer timelineId="t-1" privacy="PUBLIC" describedBy="message" onAnswered={() => undefined} />,
    );
    for (const name of ["Accept", "Reject"]) {
      expect(screen.getByRole("button", { name })).toBeDisabled();
      expect(screen.getByRole("button", { name })).toHaveAttribute("aria-describedby", OFFLINE_REASON_ID);
    }
  });
});
