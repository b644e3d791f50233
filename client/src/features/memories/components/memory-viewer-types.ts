import type { MediaType } from "../../../gql/graphql";

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
  /** Whether this person may edit it (docs/product.md §6); "Edit Memory" shows only then. */
  canEdit?: boolean | null;
  media: {
    type: MediaType;
    url: string;
    posterUrl?: string | null;
    thumbUrl?: string | null;
    width?: number | null;
    height?: number | null;
  };
}
