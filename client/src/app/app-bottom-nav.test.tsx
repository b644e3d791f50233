import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notificationsMock, unreadCountMock } from "../features/notifications/testing/notification-mocks";
import { mockSessionCheck, signedIn } from "../testing/mock-session";
import { renderRoute } from "../testing/render";
import { routes } from "./router";

describe("the bottom navigation's Updates badge", () => {
  it('shows the real unread count, capped at "9+"', async () => {
    mockSessionCheck(signedIn());
    renderRoute("/app/updates", routes, { mocks: [unreadCountMock(14), notificationsMock([])] });
    const link = await screen.findByRole("link", { name: "Updates 14 unread" }, { timeout: 4000 });
    expect(link).toHaveTextContent("9+");
  });
});
