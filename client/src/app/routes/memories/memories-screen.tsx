import { useSearchParams } from "react-router-dom";
import { EmptyState, NotSavedHere } from "../../../components/ui/empty-state";
import { FloatingPlusButton } from "../../../components/ui/floating-plus-button";
import { MemoriesIcon } from "../../../components/ui/icons";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { OnThisDayCard } from "../../../features/presence/components/on-this-day-card";
import { CenteredSpinner } from "../../../components/ui/spinner";
import { MemoryJournal } from "../../../features/memories/components/memory-journal";
import { LoadMore } from "../../../components/ui/load-more";
import { useProfileMemoryPages } from "../../../features/profile/api/use-profile-memories";
import { useOnline } from "../../../lib/use-online";
import styles from "./memories-screen.module.css";

/**
 * Memories (docs/product.md §2): the signed-in user's memories, or with ?email= another profile's (as far
 * as its privacy lets this viewer see), newest first; the viewer opens in the rose theme.
 */
export function MemoriesScreen() {
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() || null;
  const pages = useProfileMemoryPages(email, { refresh: true });
  // Spec §7, §8: a failure to load shows the empty list; offline, what the cache kept (docs/decisions/020-offline-and-feedback.md).
  const memories = pages.error && !pages.data ? [] : pages.data ? pages.items : undefined;
  const online = useOnline();

  return (
    <>
      <ScreenHeader
        title={email ? "Profile Memories" : "Your Memories"}
        subtitle={email ? "Memories from this profile" : "A journal of meaningful moments"}
      />
      {email ? null : <OnThisDayCard />}
      {memories === undefined ? (
        <CenteredSpinner label="Loading memories..." height="content" />
      ) : memories.length === 0 && !online && !pages.data ? (
        <NotSavedHere icon={<MemoriesIcon size={28} />} />
      ) : memories.length === 0 ? (
        <EmptyState
          icon={<MemoriesIcon size={28} />}
          title="No memories yet"
          message="Start creating timelines to capture your meaningful moments"
        />
      ) : (
        <div data-theme="rose" className={styles.rose}>
          <MemoryJournal memories={memories} theme="rose" label="Memories, newest first" />
          <LoadMore pages={pages} />
        </div>
      )}
      <FloatingPlusButton />
    </>
  );
}
