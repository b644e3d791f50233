import { connectionOf } from "../../../testing/connection";
import { gql } from "@apollo/client";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useUnreadCount } from "../../../features/notifications/api/use-unread-count";
import {
  aNotification,
  markReadMock,
  notificationsMock,
  unreadCountMock,
} from "../../../features/notifications/testing/notification-mocks";
import {
  AcceptTimelineProposalDocument,
  MarkAllNotificationsReadDocument,
  RejectTimelineProposalDocument,
  UnreadNotificationCountDocument,
} from "../../../gql/graphql";
import { renderScreen, type RenderScreenOptions } from "../../../testing/render";
import { UpdatesScreen } from "./updates-screen";

const renderUpdates = (mocks: RenderScreenOptions["mocks"]) =>
  renderScreen(<UpdatesScreen />, { path: "/app/updates", mocks });

function acceptMock(timelineId: string, fail = false) {
  return {
    request: { query: AcceptTimelineProposalDocument, variables: { id: timelineId } },
    ...(fail
      ? { error: new Error("Network down") }
      : {
          result: {
            data: {
              acceptTimeline: {
                __typename: "RespondToTimelinePayload",
                timeline: {
                  __typename: "Timeline",
                  id: timelineId,
                  status: "ACCEPTED",
                  isActive: true,
                  canRespond: false,
                  lastActivity: "2024-01-06T10:00:00.000Z",
                },
              },
            },
          },
        }),
  };
}

function rejectMock(timelineId: string, fail = false) {
  return {
    request: { query: RejectTimelineProposalDocument, variables: { id: timelineId } },
    ...(fail
      ? { error: new Error("Network down") }
      : {
          result: {
            data: {
              rejectTimeline: {
                __typename: "RespondToTimelinePayload",
                timeline: { __typename: "Timeline", id: timelineId, status: "REJECTED", canRespond: false },
              },
            },
          },
        }),
  };
}

const proposal = (overrides: Parameters<typeof aNotification>[0] = {}) =>
  aNotification({
    type: "TIMELINE_PROPOSAL",
    message: 'Bo Jensen invited you to share the timeline "Summer"',
    actionUrl: "/app/updates",
    relatedTimelineId: "t-9",
    proposalStatus: "PENDING",
    ...overrides,
  });

describe("Updates screen", () => {
  it("shows a spinner, then each notification with its time and View link", async () => {
    const items = [
      aNotification({ message: "Bo added a memory", createdAt: new Date(2024, 0, 5, 14, 30).toISOString() }),
      aNotification({ message: "An old one", createdAt: "garbage", isRead: true, actionUrl: null }),
    ];
    renderUpdates([notificationsMock(items), unreadCountMock(1)]);

    expect(screen.getByRole("heading", { level: 1, name: "Updates" })).toBeInTheDocument();
    expect(screen.getByText("Stay connected with your timeline activity")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading updates...");

    const list = await screen.findByRole("list", { name: "Notifications" });
    const [first, second] = within(list).getAllByRole("article");
    expect(first).toHaveTextContent("Bo added a memory");
    expect(first).toHaveTextContent("Jan 5, 2:30 PM");
    expect(within(first!).getByRole("link", { name: "View" })).toHaveAttribute("href", "/app/view-timeline?id=t-1");
    expect(second).toHaveTextContent("Recently");
    expect(within(second!).queryByRole("link", { name: "View" })).not.toBeInTheDocument();
  });

  it('shows "All caught up!" when there is nothing', async () => {
    renderUpdates([notificationsMock([]), unreadCountMock(0)]);
    expect(await screen.findByRole("heading", { name: "All caught up!" })).toBeInTheDocument();
    expect(screen.getByText("You'll see notifications here when there's timeline activity")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Mark all as read/ })).not.toBeInTheDocument();
  });

  it("offers a retry when the list fails to load", async () => {
    renderUpdates([
      notificationsMock([], { result: undefined, error: new Error("down") }),
      unreadCountMock(0),
      notificationsMock([]),
    ]);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load your updates.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "All caught up!" })).toBeInTheDocument();
  });

  it('caps the unread badge at "9+" and offers "Mark all as read (n)"', async () => {
    const items = Array.from({ length: 12 }, () => aNotification());
    renderUpdates([notificationsMock(items), unreadCountMock(12)]);
    expect(await screen.findByRole("button", { name: "Mark all as read (12)" })).toBeInTheDocument();
    const badge = screen.getByText("12 unread").parentElement;
    expect(badge).toHaveTextContent("9+");
  });

  it("marks all as read in the cache, keeps waiting proposals, and broadcasts notificationsUpdated", async () => {
    const items = [aNotification({ message: "One" }), aNotification({ message: "Two" }), proposal()];
    const { client } = renderUpdates([
      notificationsMock(items),
      unreadCountMock(3),
      {
        request: { query: MarkAllNotificationsReadDocument },
        result: {
          data: { markAllNotificationsRead: { __typename: "MarkAllNotificationsReadPayload", count: 2 } },
        },
      },
      unreadCountMock(1),
    ]);
    const onUpdated = vi.fn();
    window.addEventListener("notificationsUpdated", onUpdated);

    // The waiting proposal cannot be marked, so it is not counted.
    await userEvent.click(await screen.findByRole("button", { name: "Mark all as read (2)" }));

    // Only the proposal is left unread: nothing more to mark, so the button goes.
    await waitFor(() => expect(screen.queryByRole("button", { name: /Mark all as read/ })).not.toBeInTheDocument());
    expect(screen.getByText("1 unread")).toBeInTheDocument();
    const articles = screen.getAllByRole("article");
    expect(articles[0]).not.toHaveTextContent("Unread");
    expect(articles[1]).not.toHaveTextContent("Unread");
    expect(articles[2]).toHaveTextContent("Unread");
    expect(within(articles[2]!).getByRole("button", { name: "Accept" })).toBeInTheDocument();
    expect(onUpdated).toHaveBeenCalledTimes(1);
    expect(client.readQuery({ query: UnreadNotificationCountDocument })?.unreadNotificationCount).toBe(1);
    window.removeEventListener("notificationsUpdated", onUpdated);
  });

  it("marks a notification read when its View link is followed", async () => {
    const item = aNotification({ id: "n-view", actionUrl: "/app/view-timeline?id=t-4" });
    const { client, router } = renderUpdates([notificationsMock([item]), unreadCountMock(1), markReadMock("n-view")]);
    const onUpdated = vi.fn();
    window.addEventListener("notificationsUpdated", onUpdated);

    await userEvent.click(await screen.findByRole("link", { name: "View" }));

    expect(router.state.location.pathname + router.state.location.search).toBe("/app/view-timeline?id=t-4");
    await waitFor(() => expect(onUpdated).toHaveBeenCalledTimes(1));
    expect(client.readQuery({ query: UnreadNotificationCountDocument })?.unreadNotificationCount).toBe(0);
    window.removeEventListener("notificationsUpdated", onUpdated);
  });

  it("shows Accept and Reject only on an unread timeline proposal", async () => {
    renderUpdates([
      notificationsMock([proposal(), { ...proposal(), isRead: true }, aNotification()]),
      unreadCountMock(2),
    ]);
    const [unreadProposal, readProposal, other] = await screen.findAllByRole("article");
    expect(within(unreadProposal!).getByRole("button", { name: "Accept" })).toBeInTheDocument();
    expect(within(unreadProposal!).getByRole("button", { name: "Reject" })).toBeInTheDocument();
    expect(within(readProposal!).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(within(other!).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
  });

  it('hides "Mark all as read" when only proposals are unread, and a proposal\'s View opens its timeline', async () => {
    const { router } = renderUpdates([
      notificationsMock([proposal(), aNotification({ isRead: true })]),
      unreadCountMock(1),
    ]);
    const view = (await screen.findAllByRole("link", { name: "View" }))[0]!;
    expect(screen.getByRole("button", { name: "Accept" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Mark all as read/ })).not.toBeInTheDocument();
    expect(view).toHaveAttribute("href", "/app/view-timeline?id=t-9");
    await userEvent.click(view);
    expect(router.state.location.pathname + router.state.location.search).toBe("/app/view-timeline?id=t-9");
  });

  it('accepts a proposal: "You accepted" replaces the buttons and the count drops at once', async () => {
    const item = proposal();
    const { client } = renderUpdates([
      notificationsMock([item]),
      unreadCountMock(1),
      acceptMock("t-9"),
      unreadCountMock(0),
    ]);
    const onUpdated = vi.fn();
    window.addEventListener("notificationsUpdated", onUpdated);
    await userEvent.click(await screen.findByRole("button", { name: "Accept" }));

    expect(await screen.findByText("You accepted")).toBeInTheDocument();
    expect(screen.queryByText("1 unread")).not.toBeInTheDocument();
    expect(onUpdated).toHaveBeenCalledTimes(1);
    window.removeEventListener("notificationsUpdated", onUpdated);
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reject" })).not.toBeInTheDocument();
    expect(screen.getByRole("article")).not.toHaveTextContent("Unread");
    expect(screen.getByRole("article")).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(client.readQuery({ query: UnreadNotificationCountDocument })?.unreadNotificationCount).toBe(0);
  });

  it("alerts when accepting fails and keeps the proposal", async () => {
    renderUpdates([notificationsMock([proposal()]), unreadCountMock(1), acceptMock("t-9", true)]);
    await userEvent.click(await screen.findByRole("button", { name: "Accept" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to accept timeline proposal. Please try again.");
    expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled();
  });

  it("asks before rejecting; cancelling does nothing", async () => {
    renderUpdates([notificationsMock([proposal()]), unreadCountMock(1)]);
    const reject = await screen.findByRole("button", { name: "Reject" });
    await userEvent.click(reject);

    const dialog = screen.getByRole("alertdialog");
    expect(dialog).toHaveTextContent(
      "Are you sure you want to reject this timeline proposal? This action cannot be undone.",
    );
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(reject).toHaveFocus();
    expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it('rejects after confirmation: "You rejected", read, and the timeline leaves the cached list', async () => {
    const item = proposal();
    const { client } = renderUpdates([
      notificationsMock([item]),
      unreadCountMock(1),
      rejectMock("t-9"),
      unreadCountMock(0),
    ]);
    client.cache.writeQuery({
      query: gql`
        query CachedTimelineIds {
          timelines {
            edges {
              cursor
              node {
                id
              }
            }
            pageInfo {
              hasNextPage
              endCursor
            }
          }
        }
      `,
      data: {
        timelines: connectionOf("Timeline", [
          { __typename: "Timeline", id: "t-9" },
          { __typename: "Timeline", id: "t-1" },
        ]),
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Reject" }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Reject" }));

    expect(await screen.findByText("You rejected")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
    expect(screen.getByRole("article")).not.toHaveTextContent("Unread");
    expect(client.readQuery({ query: UnreadNotificationCountDocument })?.unreadNotificationCount).toBe(0);
    const extracted = client.cache.extract() as { ROOT_QUERY?: { timelines?: { edges: unknown[] } } };
    expect(extracted.ROOT_QUERY?.timelines?.edges).toEqual([
      expect.objectContaining({ node: { __ref: client.cache.identify({ __typename: "Timeline", id: "t-1" }) } }),
    ]);
  });

  it("shows the outcome the server gives for proposals answered elsewhere, without buttons", async () => {
    renderUpdates([
      notificationsMock([
        proposal({ id: "p-acc", isRead: true, proposalStatus: "ACCEPTED", message: "Accepted one" }),
        proposal({ id: "p-rej", isRead: true, proposalStatus: "REJECTED", message: "Declined one" }),
        // answered on another device after this list was read unread: the outcome still wins
        proposal({ id: "p-stale", relatedTimelineId: "t-8", proposalStatus: "ACCEPTED", message: "Stale one" }),
        proposal({ id: "p-open", relatedTimelineId: "t-7", message: "Open one" }),
      ]),
      unreadCountMock(2),
    ]);
    const item = async (text: string) => (await screen.findByText(text)).closest("article") as HTMLElement;
    expect(within(await item("Accepted one")).getByTestId("proposal-outcome")).toHaveTextContent("You accepted");
    expect(within(await item("Declined one")).getByTestId("proposal-outcome")).toHaveTextContent("You rejected");
    expect(within(await item("Stale one")).getByTestId("proposal-outcome")).toHaveTextContent("You accepted");
    for (const text of ["Accepted one", "Declined one", "Stale one"]) {
      expect(within(await item(text)).queryByRole("button")).not.toBeInTheDocument();
    }
    const open = await item("Open one");
    expect(within(open).getByRole("button", { name: "Accept" })).toBeEnabled();
    expect(within(open).queryByTestId("proposal-outcome")).not.toBeInTheDocument();
    // only the answered-but-unread notice can be marked; the open proposal keeps waiting
    expect(screen.getByRole("button", { name: "Mark all as read (1)" })).toBeInTheDocument();
  });

  it("shows the outcome when the timeline was answered on its own page in this app (cached status)", async () => {
    const { client } = renderUpdates([notificationsMock([proposal()]), unreadCountMock(1)]);
    expect(await screen.findByRole("button", { name: "Accept" })).toBeInTheDocument();
    act(() => {
      client.cache.writeFragment({
        fragment: gql`
          fragment AnsweredElsewhere on Timeline {
            id
            status
          }
        `,
        data: { __typename: "Timeline", id: "t-9", status: "REJECTED" },
      });
    });
    expect(await screen.findByText("You rejected")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
  });

  it("alerts when rejecting fails", async () => {
    renderUpdates([notificationsMock([proposal()]), unreadCountMock(1), rejectMock("t-9", true)]);
    await userEvent.click(await screen.findByRole("button", { name: "Reject" }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Reject" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to reject timeline proposal. Please try again.");
  });
});

/** The bottom navigation's count hook alone (it owns the refresh timer and the event listener). */
function NavCount() {
  return <output aria-label="nav count">{useUnreadCount()}</output>;
}

describe("Updates screen, new notifications", () => {
  it("reloads the list when the refreshed count shows more unread than it holds", async () => {
    const first = aNotification({ message: "Old news", isRead: true });
    const fresh = aNotification({ message: "Fresh news" });
    renderScreen(
      <>
        <UpdatesScreen />
        <NavCount />
      </>,
      {
        path: "/app/updates",
        mocks: [notificationsMock([first]), unreadCountMock(0), unreadCountMock(1), notificationsMock([fresh, first])],
      },
    );
    expect(await screen.findByText("Old news")).toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event("notificationsUpdated"));
    });
    expect(await screen.findByText("Fresh news")).toBeInTheDocument();
  });
});
