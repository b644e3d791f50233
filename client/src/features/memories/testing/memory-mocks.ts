import type { MemoryViewer_MemoryFragment, TimelineMemory_MemoryFragment } from "../../../gql/graphql";

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
    partnerMeaning: null,
    canEdit: true,
    canWritePartnerMeaning: false,
    canWriteMeaning: true,
    narrowerThanTimeline: false,
    editedBy: null,
    createdBy: { __typename: "User" as const, id: "u-ana", displayName: "Ana", username: "ana" },
    partner: { __typename: "User" as const, id: "u-ben", displayName: "Ben", username: "ben" },
    ...rest,
    media: {
      __typename: "Media" as const,
      id: "media-1",
      type: "IMAGE" as const,
      status: "READY" as const,
      url: "/media/media-1/display",
      thumbUrl: "/media/media-1/thumb",
      posterUrl: null,
      width: 1200,
      height: 1600,
      ...media,
    },
  };
}
