import type { MockLink } from "@apollo/client/testing";
import { connectionOf } from "../../../testing/connection";
import {
  MarkNotificationReadDocument,
  NotificationsDocument,
  UnreadNotificationCountDocument,
  type NotificationItem_NotificationFragment,
} from "../../../gql/graphql";

let sequence = 0;

/** A notification as the Notifications query returns it. */
export function aNotification(
  overrides: Partial<NotificationItem_NotificationFragment> = {},
): NotificationItem_NotificationFragment & { __typename: "Notification" } {
  sequence += 1;
  return {
    __typename: "Notification",
    id: `n-${sequence}`,
    type: "MEMORY_ADDED",
    message: `Bo added a new memory to "Summer" (${sequence})`,
    isRead: false,
    createdAt: new Date(2024, 0, 5, 14, 30).toISOString(),
    actionUrl: "/app/view-timeline?id=t-1",
    relatedTimelineId: "t-1",
    relatedMemoryId: null,
    privacy: null,
    privacyRequestState: null,
    proposalStatus: null,
    relatedUser: {
      __typename: "User",
      id: "u-2",
      username: "bo",
      displayName: "Bo Jensen",
      profilePhotoUrl: null,
    } as NotificationItem_NotificationFragment["relatedUser"],
    ...overrides,
  };
}

export function notificationsMock(
  notifications: NotificationItem_NotificationFragment[],
  extra: Partial<MockLink.MockedResponse> = {},
): MockLink.MockedResponse {
  return {
    request: { query: NotificationsDocument, variables: { first: 50 } },
    result: { data: { notifications: connectionOf("Notification", notifications) } },
    ...extra,
  };
}

export function unreadCountMock(count: number, extra: Partial<MockLink.MockedResponse> = {}): MockLink.MockedResponse {
  return {
    request: { query: UnreadNotificationCountDocument },
    result: { data: { unreadNotificationCount: count } },
    ...extra,
  };
}

export function markReadMock(id: string, isRead = true): MockLink.MockedResponse {
  return {
    request: { query: MarkNotificationReadDocument, variables: { id } },
    result: {
      data: {
        markNotificationRead: {
          __typename: "MarkNotificationReadPayload",
          notification: { __typename: "Notification", id, isRead },
        },
      },
    },
  };
}
