import { skipToken } from "@apollo/client/react";
import { useCallback, useEffect, useRef } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { BackLink } from "../../../components/ui/back-link";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { forgetShared, sharedFiles } from "../../../features/memories/add-many/shared-files";
import { TripReview } from "../../../features/memories/add-many/trip-review";
import { useSaveAll } from "../../../features/memories/add-many/use-save-all";
import { useTrip } from "../../../features/memories/add-many/use-trip";
import { notifyFriendsPhotosUploaded } from "../../../features/timelines/api/friend-notifications";
import { useAddMemoryTimelineQuery } from "../../../gql/graphql";
import { notifySaved } from "../../../lib/notify";
import { accountIdOf } from "../../../lib/offline-store";
import { useSessionUser } from "../../../lib/session-user";

/**
 * "Add many" (docs/decisions/058-add-many-and-share-target.md): up to 100 photos and videos at
 * once, grouped into memories by day, uploaded three at a time while the person writes, kept as a
 * draft on the device until every memory is saved. `shared=<batch>` brings files shared to the app.
 */
export function AddManyScreen() {
  const [params] = useSearchParams();
  const timelineId = params.get("timeline_id")?.trim() ?? "";
  const shared = params.get("shared");
  const navigate = useNavigate();
  const userId = accountIdOf(useSessionUser());
  const { data, loading } = useAddMemoryTimelineQuery(timelineId ? { variables: { id: timelineId } } : skipToken);
  const trip = useTrip(userId, timelineId);
  const timelineUrl = `/app/view-timeline?id=${encodeURIComponent(timelineId)}`;

  const done = useCallback(
    (memories: number, media: number) => {
      void trip.finish();
      if (shared) void forgetShared(shared);
      // one grouped notice for the whole trip
      if (media > 0) void notifyFriendsPhotosUploaded(timelineId, media);
      if (memories > 0) notifySaved(memories === 1 ? "Memory added" : `${memories} memories added`);
      void navigate(timelineUrl);
    },
    [trip, shared, timelineId, timelineUrl, navigate],
  );
  const { saving, problems, saveAll } = useSaveAll(trip, timelineId, done);

  // Files shared to the app join the trip once the device was asked for a draft.
  const sharedTaken = useRef(false);
  const { ready, offer, choose, chooseAgain } = trip;
  useEffect(() => {
    if (!shared || !ready || offer || sharedTaken.current) return;
    sharedTaken.current = true;
    void sharedFiles(shared).then((files) => {
      if (files.length === 0) return;
      chooseAgain(files);
      void choose(files);
    });
  }, [shared, ready, offer, choose, chooseAgain]);

  if (!timelineId) return <Navigate to="/app/timelines" replace />;
  if (loading && !data) return <PageSpinner label="Loading…" />;
  if (data && (!data.timeline || !data.timeline.isParticipant)) return <Navigate to={timelineUrl} replace />;

  return (
    <>
      <BackLink to={timelineUrl} label={data?.timeline?.title ?? "Timeline"} />
      <ScreenHeader title="Add many" subtitle="A whole trip at once, a memory for each day" />
      <TripReview trip={trip} timelineId={timelineId} saving={saving} problems={problems} onSaveAll={saveAll} />
    </>
  );
}
