import { useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { BackLink } from "../../../components/ui/back-link";
import { PendingBadge } from "../../../components/ui/badge";
import { ButtonLink } from "../../../components/ui/button";
import { EmptyState, NotSavedHere } from "../../../components/ui/empty-state";
import { MemoriesIcon, PlusIcon, SettingsIcon } from "../../../components/ui/icons";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { MemoryStrip, roundImageFor } from "../../../features/memories/components/memory-strip";
import { MemoryDaysGrid } from "../../../features/memories/components/memory-days-grid";
import { DensitySwitch } from "../../../features/memories/components/density-switch";
import { useTimelineDensity } from "../../../features/memories/components/use-timeline-density";
import type { MonthCount } from "../../../features/memories/lib/strip-marks";
import {
  LazyMemoryViewer,
  preloadMemoryViewer,
  usePreloadMemoryViewer,
} from "../../../features/memories/components/lazy-memory-viewer";
import { LoadMore } from "../../../components/ui/load-more";
import { useViewTimeline } from "../../../features/timelines/api/use-timelines";
import { PrivacyTier } from "../../../features/timelines/components/privacy-tier";
import { collaboratorLabel, personLabel } from "../../../features/timelines/lib/collaborator-label";
import { PrivacyRequestPanel } from "../../../features/timelines/components/privacy-request-panel";
import { useAnswerPrivacyRequest } from "../../../features/notifications/api/use-answer-privacy-request";
import { useKeepMediaForOffline } from "../../../lib/offline-ready";
import { useSessionUser } from "../../../lib/session-user";
import { OFFLINE_REASON_ID, useOnline } from "../../../lib/use-online";
import { countLabel } from "../../../lib/count-label";
import { PendingInvitation, WaitingForAnswer } from "./pending-invitation";
import { useMarkTimelineVisited } from "../../../features/timelines/api/use-mark-visited";
import styles from "./view-timeline-screen.module.css";

/** Spec §2 "View Timeline": header, the strip of memories, the viewer. */
export function ViewTimelineScreen() {
  const [params] = useSearchParams();
  const id = params.get("id")?.trim() ?? "";
  const navigate = useNavigate();
  // `memory`: opened in the viewer at once (a shared link, a reload, Updates, "On this day":
  // docs/decisions/035-presence.md)
  const viewer = useMemoryInUrl();
  usePreloadMemoryViewer();
  // the strip or the grid by day, remembered on this device (docs/decisions/057-density-switch.md)
  const [density, setDensity] = useTimelineDensity();
  const { data, loading, error, memories: pages } = useViewTimeline(id);
  // a link to a memory of a page not read yet: the pages are read until it is there
  const wanted = viewer.memoryId;
  const found = !wanted || pages.items.some((memory) => memory.id === wanted);
  const { hasMore, loadMore } = pages;
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });
  // once per page read (the count changes), never again while a page is on its way
  const read = pages.items.length;
  useEffect(() => {
    if (!found && hasMore) loadMoreRef.current();
  }, [found, hasMore, read]);
  const me = useSessionUser();
  const [answerPrivacy, answeringPrivacy] = useAnswerPrivacyRequest();
  const online = useOnline();
  // every thumbnail of the loaded memories is kept for offline, not only those on screen
  const thumbs = useMemo(() => pages.items.flatMap((memory) => roundImageFor(memory) ?? []), [pages.items]);
  useKeepMediaForOffline(thumbs);
  // what is new is new until this visit (docs/decisions/055-reminders-invite-links-and-new-marks.md)
  useMarkTimelineVisited(id, !!data?.timeline?.isParticipant && online);

  // Without an id, go to the list (docs/product.md §8).
  if (!id) return <Navigate to="/app/timelines" replace />;

  if (loading && !data) return <PageSpinner label="Loading timeline…" />;

  if (!data) {
    // Offline, and never opened online on this device: nothing was kept to show.
    if (!online)
      return (
        <>
          <BackLink to="/app/timelines" label="Timelines" />
          <NotSavedHere icon={<MemoriesIcon size={28} />} />
        </>
      );
    // The load failed (not a "no access" answer): docs/product.md §2 not-found state.
    if (error) console.warn("ViewTimeline failed", error);
    return (
      <div className="page-center">
        <div className={styles.notFound}>
          <ScreenHeader title="Timeline not found" subtitle="It may have been deleted, or the link is incomplete." />
          <ButtonLink to="/app/timelines">Back to Timelines</ButtonLink>
        </div>
      </div>
    );
  }

  // The server answers null when the timeline is missing or not visible: the access page explains.
  if (!data.timeline) return <Navigate to={`/app/timeline-access-denied?id=${encodeURIComponent(id)}`} replace />;

  const timeline = data.timeline;
  const memories = pages.items;
  const open = viewer.startId && memories.some((memory) => memory.id === viewer.startId) ? viewer.startId : null;
  const addMemoryUrl = `/app/add-memory?timeline_id=${encodeURIComponent(timeline.id)}`;
  const editUrl = (memoryId: string) => `/app/edit-memory?id=${encodeURIComponent(memoryId)}`;
  const pending = timeline.status === "PENDING";
  // The invitee answers first (docs/product.md §4); the creator waits for them.
  const invited = pending && timeline.canRespond;
  const waiting = pending && timeline.isParticipant && !timeline.canRespond;
  const canAdd = timeline.isParticipant && !invited;
  const invitee = timeline.collaborator ?? {
    id: "",
    displayName: timeline.collaboratorEmail?.split("@")[0] || null,
    email: timeline.collaboratorEmail,
  };

  return (
    <>
      <BackLink to="/app/timelines" label="Timelines" />
      <ScreenHeader
        title={timeline.title}
        subtitle={countLabel(timeline.memoryCount, "memory", "memories")}
        actions={
          <>
            <div className={styles.meta}>
              <PrivacyTier privacy={timeline.privacy} />
              {pending ? <PendingBadge /> : null}
            </div>
            {canAdd ? (
              <div className={styles.actions}>
                <ButtonLink to={addMemoryUrl} className={styles.add} needsNetwork>
                  <PlusIcon size={20} />
                  Add Memory
                </ButtonLink>
                <Link
                  to={`/app/timeline-settings?id=${encodeURIComponent(timeline.id)}`}
                  className={styles.settings}
                  aria-label="Timeline settings"
                  title={online ? "Timeline settings" : "Timeline settings: needs a connection"}
                  aria-disabled={!online || undefined}
                  aria-describedby={online ? undefined : OFFLINE_REASON_ID}
                  onClick={online ? undefined : (event) => event.preventDefault()}
                >
                  <SettingsIcon />
                </Link>
              </div>
            ) : null}
          </>
        }
      />

      {timeline.isParticipant ? (
        <PrivacyRequestPanel
          timeline={timeline}
          viewerId={me?.id}
          otherName={collaboratorLabel(timeline, me)}
          answer={answerPrivacy}
          answering={answeringPrivacy}
        />
      ) : null}
      {invited ? <PendingInvitation timelineId={timeline.id} from={personLabel(timeline.createdBy)} /> : null}
      {waiting && memories.length > 0 ? (
        <WaitingForAnswer name={personLabel(invitee)} timelineId={timeline.id} />
      ) : null}

      {memories.length > 0 ? <DensitySwitch value={density} onChange={setDensity} /> : null}
      {memories.length === 0 && waiting ? (
        <WaitingForAnswer name={personLabel(invitee)} timelineId={timeline.id} />
      ) : memories.length === 0 && invited ? null : memories.length === 0 && !online && timeline.memoryCount > 0 ? (
        <NotSavedHere icon={<MemoriesIcon size={28} />} />
      ) : memories.length === 0 ? (
        <EmptyState
          icon={<MemoriesIcon size={28} />}
          title="No memories yet"
          message="Start adding photos and videos to create your timeline"
          action={
            canAdd ? (
              <ButtonLink to={addMemoryUrl} needsNetwork>
                Add First Memory
              </ButtonLink>
            ) : undefined
          }
        />
      ) : density === "days" ? (
        <MemoryDaysGrid
          memories={memories}
          onOpen={(memory) => viewer.open(memory.id)}
          onPress={preloadMemoryViewer}
          end={pages.hasMore ? <LoadMore pages={pages} /> : undefined}
        />
      ) : (
        <MemoryStrip
          memories={memories}
          months={monthsOf(timeline)}
          onNeedMore={loadMore}
          onOpen={(memory) => viewer.open(memory.id)}
          onPress={preloadMemoryViewer}
          onEdit={(memory) => void navigate(editUrl(memory.id))}
          end={pages.hasMore ? <LoadMore pages={pages} horizontal /> : undefined}
        />
      )}

      {open ? (
        <LazyMemoryViewer
          memories={memories}
          startId={open}
          theme="teal"
          onShow={(memory) => viewer.show(memory.id)}
          total={timeline.memoryCount}
          onNearEnd={hasMore ? loadMore : undefined}
          onClose={viewer.close}
          onEdit={(memory) => void navigate(editUrl(memory.id))}
        />
      ) : null}
    </>
  );
}

/**
 * The memory open in the viewer lives in the URL (`&memory=`): opening adds a history entry, so
 * Back closes the viewer; moving to another memory replaces it; a reloaded or shared link opens
 * that memory. `startId` stays the memory the viewer opened on while it is open.
 */
function useMemoryInUrl() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const memoryId = params.get("memory");
  const [startId, setStartId] = useState<string | null>(memoryId);
  if (memoryId && !startId) setStartId(memoryId);
  if (!memoryId && startId) setStartId(null);
  const opened = (location.state as { viewerOpened?: boolean } | null)?.viewerOpened === true;
  const withMemory = (memory: string | null) => {
    const next = new URLSearchParams(params);
    if (memory) next.set("memory", memory);
    else next.delete("memory");
    return next;
  };
  return {
    memoryId,
    startId,
    open: (memory: string) => setParams(withMemory(memory), { state: { viewerOpened: true } }),
    show: (memory: string) => {
      if (memory !== memoryId) setParams(withMemory(memory), { replace: true, state: location.state });
    },
    // back to the entry before the viewer when it added one; a link that came with the memory: drop it
    close: () => (opened ? void navigate(-1) : setParams(withMemory(null), { replace: true })),
  };
}

/**
 * The whole timeline's month counts while they agree with its count: a memory added or deleted
 * here changes the count at once and the months only at the next read, so meanwhile the strip
 * marks what it has read.
 */
function monthsOf(timeline: { memoryCount: number; memoryMonths: readonly MonthCount[] }) {
  const counted = timeline.memoryMonths.reduce((sum, month) => sum + month.count, 0);
  return counted === timeline.memoryCount ? timeline.memoryMonths : undefined;
}
