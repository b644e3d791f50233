import { HIGHLIGHTS_MAX } from "@keepsake/contract";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { HeartIcon } from "../../../components/ui/icons";
import { LoadMore } from "../../../components/ui/load-more";
import { CenteredSpinner } from "../../../components/ui/spinner";
import { LazyMemoryViewer, usePreloadMemoryViewer } from "../../../features/memories/components/lazy-memory-viewer";
import { MemoryThumb } from "../../../features/memories/components/memory-journal";
import type { MemoryViewerMemory } from "../../../features/memories/components/memory-viewer-types";
import { useSaveHighlights } from "../../../features/profile/api/use-highlights";
import { useProfileMemoryPages } from "../../../features/profile/api/use-profile-memories";
import { HighlightsEditor } from "../../../features/profile/components/highlights-editor";
import { HighlightsGrid } from "../../../features/profile/components/highlights-grid";
import { useMyHighlightsQuery } from "../../../gql/graphql";
import styles from "./profile-highlights.module.css";

const thumb = (size: number) => (memory: MemoryViewerMemory) => <MemoryThumb memory={memory} size={size} />;

/**
 * Profile → Highlights (docs/decisions/053-highlights.md): one's featured memories in order, each
 * opening the viewer, and "Choose highlights" to pick, reorder and remove them.
 */
export function ProfileHighlights() {
  const { data, error } = useMyHighlightsQuery({ fetchPolicy: "cache-and-network", nextFetchPolicy: "cache-first" });
  const [choosing, setChoosing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  usePreloadMemoryViewer();
  const highlights = data?.me?.highlights ?? [];
  const open = highlights.some((memory) => memory.id === openId) ? openId : null;

  if (!data && !error) return <CenteredSpinner label="Loading highlights..." height="panel" />;
  return (
    <div className={styles.highlights}>
      {highlights.length ? (
        <HighlightsGrid memories={highlights} label="Highlights" renderThumb={thumb(88)} onOpen={setOpenId} />
      ) : (
        <EmptyState
          icon={<HeartIcon size={22} />}
          title="No highlights yet"
          message={`Choose up to ${HIGHLIGHTS_MAX} of your memories to feature them here.`}
          headingLevel={3}
        />
      )}
      <Button variant="secondary" block aria-expanded={choosing} onClick={() => setChoosing(!choosing)}>
        {choosing ? "Done" : "Choose highlights"}
      </Button>
      {choosing ? <Chooser highlights={highlights} /> : null}
      {open ? (
        <LazyMemoryViewer memories={highlights} startId={open} theme="rose" onClose={() => setOpenId(null)} />
      ) : null}
    </div>
  );
}

/**
 * The editor over one's own memories, read in pages as the list scrolls. A change shows at once
 * while it is saved, and goes back if the server refuses it.
 */
function Chooser({ highlights }: { highlights: readonly MemoryViewerMemory[] }) {
  const pages = useProfileMemoryPages(null, { refresh: true });
  const { save, saving, error } = useSaveHighlights();
  const [draft, setDraft] = useState<string[] | null>(null);
  const loading = !pages.data && !pages.error;
  const candidates = pages.data ? pages.items : [];
  const byId = new Map<string, MemoryViewerMemory>([...candidates, ...highlights].map((m) => [m.id, m]));
  const shown = draft ? draft.flatMap((id) => byId.get(id) ?? []) : highlights;

  async function change(ids: string[]) {
    setDraft(ids);
    await save(ids);
    setDraft(null);
  }

  return (
    <HighlightsEditor
      highlights={shown}
      candidates={candidates}
      renderThumb={thumb(40)}
      onChange={(ids) => void change(ids)}
      busy={saving}
      error={error}
      footer={loading ? <CenteredSpinner label="Loading memories..." height="content" /> : <LoadMore pages={pages} />}
    />
  );
}
