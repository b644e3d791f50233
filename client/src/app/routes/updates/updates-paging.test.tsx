import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aNotification, unreadCountMock } from "../../../features/notifications/testing/notification-mocks";
import { NotificationsDocument } from "../../../gql/graphql";
import { connectionOf } from "../../../testing/connection";
import { renderScreen } from "../../../testing/render";
import { UpdatesScreen } from "./updates-screen";

/** Updates reads 50 at a time; "Load more" appends the next page (docs/decisions/024-paged-reads.md). */
describe("Updates in pages", () => {
  it("shows the first 50 with Load more, then the next page after them; no button after the last", async () => {
    const first = Array.from({ length: 50 }, (_, i) => aNotification({ message: `first page ${i}`, isRead: true }));
    const second = Array.from({ length: 7 }, (_, i) => aNotification({ message: `second page ${i}`, isRead: true }));
    renderScreen(<UpdatesScreen />, {
      path: "/app/updates",
      mocks: [
        {
          request: { query: NotificationsDocument, variables: { first: 50 } },
          result: {
            data: { notifications: connectionOf("Notification", first, { hasNextPage: true, cursorPrefix: "p1-" }) },
          },
        },
        {
          request: { query: NotificationsDocument, variables: { first: 50, after: "p1-50" } },
          result: { data: { notifications: connectionOf("Notification", second, { cursorPrefix: "p2-" }) } },
        },
        unreadCountMock(0),
      ],
    });
    const list = await screen.findByRole("list", { name: "Notifications" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(50);
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("second page 6")).toBeInTheDocument();
    const items = within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("listitem");
    expect(items).toHaveLength(57);
    expect(items[0]).toHaveTextContent("first page 0");
    expect(items[50]).toHaveTextContent("second page 0");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  }, 30_000);

  it("a failed next page keeps the list and offers to try again", async () => {
    const first = Array.from({ length: 50 }, (_, i) => aNotification({ message: `n ${i}`, isRead: true }));
    renderScreen(<UpdatesScreen />, {
      path: "/app/updates",
      mocks: [
        {
          request: { query: NotificationsDocument, variables: { first: 50 } },
          result: { data: { notifications: connectionOf("Notification", first, { hasNextPage: true }) } },
        },
        {
          request: { query: NotificationsDocument, variables: { first: 50, after: "c50" } },
          error: new Error("offline"),
        },
        unreadCountMock(0),
      ],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("button", { name: "Couldn't load more. Try again" })).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("listitem")).toHaveLength(50);
  }, 30_000);
});
