import type { MockLink } from "@apollo/client/testing";
import {
  EditMemoryDocument,
  TimelineAccessCheckDocument,
  TimelineSettingsDocument,
  ViewTimelineDocument,
  type MemoryViewer_MemoryFragment,
  type TimelineCard_TimelineFragment,
  type TimelineMemory_MemoryFragment,
  type TimelinePerson_UserFragment,
} from "../../../gql/graphql";

/** The signed-in user of the tests (matches testing/mock-session's signedInUser). */
export function aPerson(overrides: Partial<TimelinePerson_UserFragment> = {}) {
  return {
    __typename: "User" as const,
    id: "u-2",
    username: "bo",
    displayName: "Bo Jensen",
    fullName: null,
    email: "bo@example.com",
    profilePhotoUrl: null,
    ...overrides,
  };
}

export const me = aPerson({ id: "u-1", username: "ada", displayName: "Ada Lovelace", email: "ada@example.com" });

export function aTimeline(overrides: Partial<TimelineCard_TimelineFragment> = {}) {
  return {
    __typename: "Timeline" as const,
    id: "t-1",
    title: "Summer in Lisbon",
    status: "ACCEPTED" as const,
    privacy: "PRIVATE" as const,
    lastActivity: "2024-01-05T12:00:00.000Z",
    previewImages: [] as string[],
    collaboratorEmail: "bo@example.com",
    createdBy: me,
    collaborator: aPerson(),
    ...overrides,
  };
}

type MediaOverrides = Partial<MemoryViewer_MemoryFragment["media"]>;

export function aMemory(
  overrides: Partial<Omit<TimelineMemory_MemoryFragment, "media">> & { media?: MediaOverrides } = {},
) {
  const { media, ...rest } = overrides;
  return {
    __typename: "Memory" as const,
    id: "m-1",
    timelineId: "t-1",
    createdAt: "2024-01-06T10:00:00.000Z",
    caption: "Sunset at the miradouro",
    location: "Lisbon",
    memoryDate: "2024-01-05",
    meaning: "The evening we decided to stay another week.",
    canEdit: true,
    ...rest,
    media: {
      __typename: "Media" as const,
      id: "media-1",
      type: "IMAGE" as const,
      url: "/media/media-1/display",
      thumbUrl: "/media/media-1/thumb",
      posterUrl: null,
      width: 1200,
      height: 1600,
      ...media,
    },
  };
}

/**
 * One answer for each query the timeline screens start with, for timeline `id` and memory "m-1":
 * enough for the route-table test to see each screen's heading.
 */
export function timelineScreenMocks(id = "t-1"): MockLink.MockedResponse[] {
  const timeline = aTimeline({ id });
  return [
    {
      request: { query: ViewTimelineDocument, variables: { id } },
      result: {
        data: {
          timeline: {
            __typename: "Timeline",
            id,
            title: timeline.title,
            privacy: timeline.privacy,
            status: timeline.status,
            isParticipant: true,
            memoryCount: 1,
            memories: [aMemory({ timelineId: id })],
          },
        },
      },
    },
    {
      request: { query: TimelineSettingsDocument, variables: { id } },
      result: { data: { timeline: { ...timeline, isParticipant: true } } },
    },
    {
      request: { query: EditMemoryDocument, variables: { id: "m-1" } },
      result: {
        data: {
          memory: { ...aMemory({ timelineId: id }), timeline: { __typename: "Timeline", id, title: timeline.title } },
        },
      },
    },
    {
      request: { query: TimelineAccessCheckDocument, variables: { id } },
      result: {
        data: {
          timelineAccess: {
            __typename: "TimelineAccess",
            canView: false,
            privacy: "PRIVATE",
            title: null,
            message: "This timeline is private. Only the two people who share it can see it.",
            actionUrl: "/app/timelines",
            actionText: "Back to Timelines",
            otherUser: null,
          },
        },
      },
    },
  ];
}
