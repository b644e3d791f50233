import type { MediaStatus, MediaType } from "../../../gql/graphql";

/** Who wrote a note: their current name. */
export interface NotePerson {
  id: string;
  displayName?: string | null;
  username?: string | null;
}

export type MemoryViewerTheme = "teal" | "rose" | "blue";

/**
 * What the viewer shows. The `MemoryViewer_memory` fragment
 * (features/memories/api/memory-viewer.graphql) selects exactly this; any object of this shape works.
 */
export interface MemoryViewerMemory {
  id: string;
  caption?: string | null;
  location?: string | null;
  /** "YYYY-MM-DD" or null */
  memoryDate?: string | null;
  meaning?: string | null;
  /** The other participant's own note (docs/decisions/027-two-voices.md). */
  partnerMeaning?: string | null;
  /** Whether this person may edit it (docs/product.md §6); "Edit Memory" shows only then. */
  canEdit?: boolean | null;
  /** Whether this person is the partner and may write `partnerMeaning`. */
  canWritePartnerMeaning?: boolean | null;
  /** Whether this person created the memory and so writes `meaning` (docs/decisions/037-each-voice-its-authors.md). */
  canWriteMeaning?: boolean | null;
  /** Seen by fewer people than its timeline: a lock (docs/decisions/052-memory-privacy.md); its two people only. */
  narrowerThanTimeline?: boolean | null;
  /** The other participant, when they changed the caption, place, date or media. */
  editedBy?: NotePerson | null;
  /** The authors of the two notes, named when read. */
  createdBy?: NotePerson | null;
  partner?: NotePerson | null;
  /** The cover. */
  media: MemoryViewerMedia;
  /**
   * Every photo and video in order, the cover first (docs/decisions/051-several-photos-per-memory.md);
   * the cover alone when not given.
   */
  items?: readonly MemoryViewerMedia[] | null;
}

/** One photo or video of a memory. */
export interface MemoryViewerMedia {
  id?: string;
  type: MediaType;
  /** Null while a video is prepared by the server (`status` PREPARING) or when that failed. */
  url: string | null;
  status?: MediaStatus | null;
  posterUrl?: string | null;
  thumbUrl?: string | null;
  width?: number | null;
  height?: number | null;
}
