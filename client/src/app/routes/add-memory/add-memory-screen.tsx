import { CombinedGraphQLErrors } from "@apollo/client";
import { skipToken } from "@apollo/client/react";
import { ALREADY_IN_TIMELINE } from "@keepsake/contract";
import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { BackLink } from "../../../components/ui/back-link";
import { ButtonLink } from "../../../components/ui/button";
import { memoryUrl } from "../../../features/memories/api/find-duplicate";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { placeMemoryInTimeline } from "../../../features/memories/api/memory-cache";
import type { UploadedMedia } from "../../../features/memories/api/use-media-upload";
import {
  MemoryForm,
  type MediaListChoice,
  type MemoryFormValues,
} from "../../../features/memories/components/memory-form";
import { notifyFriendsPhotosUploaded } from "../../../features/timelines/api/friend-notifications";
import { MemoryPrivacySelector } from "../../../features/timelines/components/memory-privacy-selector";
import { useAddMemoryTimelineQuery, useCreateMemoryMutation, type Privacy } from "../../../gql/graphql";
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
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  // "Who can see this memory": null = the same as the timeline (docs/decisions/052-memory-privacy.md)
  const [privacy, setPrivacy] = useState<Privacy | null>(null);

  if (!timelineId) return <Navigate to="/app/timelines" replace />;
  if (loading && !data) return <PageSpinner label="Loading…" />;

  const timelineUrl = `/app/view-timeline?id=${encodeURIComponent(timelineId)}`;
  // Only the two people of a timeline add to it; anyone else is sent to the timeline itself.
  if (data && (!data.timeline || !data.timeline.isParticipant)) return <Navigate to={timelineUrl} replace />;

  async function save(values: MemoryFormValues, media: UploadedMedia | null, list: MediaListChoice) {
    const ids = list.ids;
    if (!ids.length) return;
    setDuplicateOf(null);
    setSaveError(null);
    try {
      await createMemory({
        variables: {
          input: {
            timelineId,
            // several photos in their order, the first the cover (docs/decisions/051-several-photos-per-memory.md)
            ...(ids.length > 1 ? { mediaIds: ids } : { mediaId: media?.mediaId ?? ids[0] }),
            caption: values.caption.trim(),
            location: values.location.trim(),
            memoryDate: values.memoryDate || null,
            meaning: values.meaning.trim(),
            ...(privacy ? { privacy } : {}),
          },
        },
        update(cache, result) {
          const memory = result.data?.createMemory.memory;
          if (memory) placeMemoryInTimeline(cache, memory);
        },
      });
    } catch (failure) {
      // The same photo is already in this timeline (docs/decisions/050-trip-uploads.md): offer it.
      const duplicate = duplicateIn(failure);
      if (duplicate) return setDuplicateOf(duplicate);
      // The server's reason (or a plain one), above the button; what was typed stays in the form
      // for another try (docs/decisions/037-each-voice-its-authors.md, "Add memory that fails").
      console.warn("Failed to add memory", failure);
      setSaveError(serverMessageOf(failure, ADD_MEMORY_ERROR));
      return;
    }
    void notifyFriendsPhotosUploaded(timelineId, ids.length);
    notifySaved(TOASTS.memoryAdded);
    void navigate(timelineUrl);
  }

  return (
    <>
      <BackLink to={timelineUrl} label={data?.timeline?.title ?? "Timeline"} />
      <ScreenHeader title="Add Memory" subtitle="A photo or video, and why it matters" />
      {/* a whole trip at once (docs/decisions/058-add-many-and-share-target.md) */}
      <ButtonLink variant="ghost" to={`/app/add-many?timeline_id=${encodeURIComponent(timelineId)}`}>
        Add many
      </ButtonLink>
      <MemoryForm
        submitLabel="Add Memory"
        busyLabel="Adding..."
        onSubmit={save}
        timelineId={timelineId}
        error={duplicateOf ? ALREADY_IN_TIMELINE : saveError}
        footer={duplicateOf ? <ButtonLink to={memoryUrl(timelineId, duplicateOf)}>Open it</ButtonLink> : null}
        privacyField={
          data?.timeline ? (
            <MemoryPrivacySelector
              timelineId={timelineId}
              timelinePrivacy={data.timeline.privacy}
              value={privacy}
              onChange={setPrivacy}
            />
          ) : null
        }
      />
    </>
  );
}

/** The memory that already holds the media of a refused add (409 CONFLICT with `duplicate_of`). */
function duplicateIn(failure: unknown): string | null {
  if (!CombinedGraphQLErrors.is(failure)) return null;
  const extensions = failure.errors[0]?.extensions;
  const id = extensions?.code === "CONFLICT" ? extensions.duplicate_of : null;
  return typeof id === "string" ? id : null;
}
