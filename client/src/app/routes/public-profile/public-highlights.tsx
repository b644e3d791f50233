import { useState } from "react";
import { EmptyState } from "../../../components/ui/empty-state";
import { HeartIcon } from "../../../components/ui/icons";
import { CenteredSpinner } from "../../../components/ui/spinner";
import { LazyMemoryViewer, usePreloadMemoryViewer } from "../../../features/memories/components/lazy-memory-viewer";
import { MemoryThumb } from "../../../features/memories/components/memory-journal";
import { HighlightsGrid } from "../../../features/profile/components/highlights-grid";
import { useUserHighlightsQuery } from "../../../gql/graphql";

/**
 * The public profile's Highlights tab (docs/decisions/053-highlights.md): the person's featured
 * memories this viewer may see, in the person's order; a tap opens the viewer in blue, as the
 * profile's other memories do.
 */
export function PublicHighlights({ identifier }: { identifier: string }) {
  const { data, error } = useUserHighlightsQuery({ variables: { identifier } });
  const [openId, setOpenId] = useState<string | null>(null);
  usePreloadMemoryViewer();
  const highlights = data?.user?.highlights ?? [];
  const open = highlights.some((memory) => memory.id === openId) ? openId : null;

  if (!data && !error) return <CenteredSpinner label="Loading highlights..." height="panel" />;
  if (!highlights.length)
    return <EmptyState icon={<HeartIcon size={22} />} title="No highlights yet" headingLevel={3} />;
  return (
    <>
      <HighlightsGrid
        memories={highlights}
        label="Highlights"
        renderThumb={(memory) => <MemoryThumb memory={memory} size={88} />}
        onOpen={setOpenId}
      />
      {open ? (
        <LazyMemoryViewer memories={highlights} startId={open} theme="blue" onClose={() => setOpenId(null)} />
      ) : null}
    </>
  );
}
