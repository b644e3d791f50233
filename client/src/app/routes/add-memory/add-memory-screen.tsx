import { skipToken } from "@apollo/client/react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { BackLink } from "../../../components/ui/back-link";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { placeMemoryInTimeline } from "../../../features/memories/api/memory-cache";
import type { UploadedMedia } from "../../../features/memories/api/use-media-upload";
import { MemoryForm, type MemoryFormValues } from "../../../features/memories/components/memory-form";
import { notifyFriendsPhotosUploaded } from "../../../features/timelines/api/friend-notifications";
import { useAddMemoryTimelineQuery, useCreateMemoryMutation } from "../../../gql/graphql";
import { notifySaved, TOASTS } from "../../../lib/notify";

/** Spec §2 "Add Memory": a photo or video with its caption, place, date and meaning. */
export function AddMemoryScreen() {
  const [params] = useSearchParams();
  const timelineId = params.get("timeline_id")?.trim() ?? "";
  const navigate = useNavigate();
  const { data, loading } = useAddMemoryTimelineQuery(timelineId ? { variables: { id: timelineId } } : skipToken);
  const [createMemory] = useCreateMemoryMutation();

  if (!timelineId) return <Navigate to="/app/timelines" replace />;
  if (loading && !data) return <PageSpinner label="Loading…" />;

  const timelineUrl = `/app/view-timeline?id=${encodeURIComponent(timelineId)}`;
  // Only the two people of a timeline add to it; anyone else is sent to the timeline itself.
  if (data && (!data.timeline || !data.timeline.isParticipant)) return <Navigate to={timelineUrl} replace />;

  async function save(values: MemoryFormValues, media: UploadedMedia | null) {
    if (!media) return;
    try {
      await createMemory({
        variables: {
          input: {
            timelineId,
            mediaId: media.mediaId,
            caption: values.caption.trim(),
            location: values.location.trim(),
            memoryDate: values.memoryDate || null,
            meaning: values.meaning.trim(),
          },
        },
        update(cache, result) {
          const memory = result.data?.createMemory.memory;
          if (memory) placeMemoryInTimeline(cache, memory);
        },
      });
    } catch (failure) {
      // Spec §8: an add failure is only logged; the busy state ends.
      console.error("Failed to add memory", failure);
      return;
    }
    void notifyFriendsPhotosUploaded(timelineId, 1);
    notifySaved(TOASTS.memoryAdded);
    void navigate(timelineUrl);
  }

  return (
    <>
      <BackLink to={timelineUrl} label={data?.timeline?.title ?? "Timeline"} />
      <ScreenHeader title="Add Memory" subtitle="A photo or video, and why it matters" />
      <MemoryForm submitLabel="Add Memory" busyLabel="Adding..." onSubmit={save} />
    </>
  );
}
