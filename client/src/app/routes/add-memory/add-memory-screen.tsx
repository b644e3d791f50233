import { skipToken } from "@apollo/client/react";
import { useState } from "react";
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
import { serverMessageOf } from "../../../lib/server-message";
import { ADD_MEMORY_ERROR } from "../../../features/memories/lib/messages";

/** Spec §2 "Add Memory": a photo or video with its caption, place, date and meaning. */
export function AddMemoryScreen() {
  const [params] = useSearchParams();
  const timelineId = params.get("timeline_id")?.trim() ?? "";
  const navigate = useNavigate();
  const { data, loading } = useAddMemoryTimelineQuery(timelineId ? { variables: { id: timelineId } } : skipToken);
  const [createMemory] = useCreateMemoryMutation();
  const [saveError, setSaveError] = useState<string | null>(null);

  if (!timelineId) return <Navigate to="/app/timelines" replace />;
  if (loading && !data) return <PageSpinner label="Loading…" />;

  const timelineUrl = `/app/view-timeline?id=${encodeURIComponent(timelineId)}`;
  // Only the two people of a timeline add to it; anyone else is sent to the timeline itself.
  if (data && (!data.timeline || !data.timeline.isParticipant)) return <Navigate to={timelineUrl} replace />;

  async function save(values: MemoryFormValues, media: UploadedMedia | null) {
    if (!media) return;
    setSaveError(null);
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
      // The server's reason (or a plain one), above the button; what was typed stays in the form
      // for another try (docs/decisions/037-each-voice-its-authors.md, "Add memory that fails").
      console.warn("Failed to add memory", failure);
      setSaveError(serverMessageOf(failure, ADD_MEMORY_ERROR));
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
      <MemoryForm submitLabel="Add Memory" busyLabel="Adding..." onSubmit={save} error={saveError} />
    </>
  );
}
