import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { unreadCountMock } from "../features/notifications/testing/notification-mocks";
import { timelinesMock } from "../features/timelines/testing/timeline-mocks";
import { mockSessionCheck, signedIn } from "../testing/mock-session";
import { renderRoute } from "../testing/render";
import { routes } from "./router";

describe("the bottom navigation's Updates badge", () => {
  it('shows the real unread count, capped at "9+"', async () => {
    mockSessionCheck(signedIn());
    // on a screen that reads nothing else about notices (Updates would read its list again when
    // the count says more are unread than it shows)
    renderRoute("/app/timelines", routes, { mocks: [unreadCountMock(14), timelinesMock([])] });
    const link = await screen.findByRole("link", { name: "Updates 14 unread" }, { timeout: 4000 });
    expect(link).toHaveTextContent("9+");
  });
});
