import type { MemoryViewer_MemoryFragment, TimelineMemory_MemoryFragment } from "../../../gql/graphql";

type MediaOverrides = Partial<MemoryViewer_MemoryFragment["media"]>;

/** A memory's photo or video as the viewer reads it; `media-<n>` unless overridden. */
export function aMedia(n: number, overrides: MediaOverrides = {}) {
  return {
    __typename: "Media" as const,
    id: `media-${n}`,
    type: "IMAGE" as const,
    status: "READY" as const,
    url: `/media/media-${n}/display`,
    thumbUrl: `/media/media-${n}/thumb`,
    posterUrl: null,
    width: 1200,
    height: 1600,
    ...overrides,
  };
}

/**
 * A memory; `items` (its photos and videos in order, docs/decisions/051-several-photos-per-memory.md)
 * default to its one `media`, the cover.
 */
export function aMemory(
  overrides: Partial<Omit<TimelineMemory_MemoryFragment, "media" | "items">> & {
    media?: MediaOverrides;
    items?: MediaOverrides[];
  } = {},
) {
  const { media, items, ...rest } = overrides;
  const cover = aMedia(1, { ...media, ...items?.[0] });
  return {
    __typename: "Memory" as const,
    id: "m-1",
    timelineId: "t-1",
    createdAt: "2024-01-06T10:00:00.000Z",
    isNew: false,
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
    media: cover,
    items: items ? items.map((item, i) => (i === 0 ? cover : aMedia(i + 1, item))) : [cover],
  };
}

/**
 * The EditMemory query's answer for `memory`: its own tier and request (none by default,
 * docs/decisions/052-memory-privacy.md) and its timeline as the screen reads it.
 */
export function anEditableMemory(
  memory: ReturnType<typeof aMemory>,
  timeline: { id?: string; title?: string; privacy?: string } = {},
) {
  return {
    privacy: null,
    pendingPrivacy: null,
    privacyRequestedBy: null,
    ...memory,
    timeline: {
      __typename: "Timeline" as const,
      id: timeline.id ?? memory.timelineId,
      title: timeline.title ?? "Lisbon",
      privacy: timeline.privacy ?? "PUBLIC",
      isParticipant: true,
    },
  };
}
