import { skipToken } from "@apollo/client/react";
import { useRef, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { BackLink } from "../../../components/ui/back-link";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TrashIcon } from "../../../components/ui/icons";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { placeMemoryInTimeline, removeMemoryFromCache } from "../../../features/memories/api/memory-cache";
import type { UploadedMedia } from "../../../features/memories/api/use-media-upload";
import {
  MemoryForm,
  type MediaListChoice,
  type MemoryFormValues,
} from "../../../features/memories/components/memory-form";
import { noteAuthorName } from "../../../features/memories/lib/note-author";
import {
  DELETE_MEMORY_CONFIRM,
  DELETE_MEMORY_ERROR,
  deleteTheirMemoryConfirm,
  memoryWidenAsked,
  memoryWidenWaiting,
  SAVE_MEMORY_ERROR,
} from "../../../features/memories/lib/messages";
import { MemoryPrivacySelector } from "../../../features/timelines/components/memory-privacy-selector";
import { widensMemory } from "../../../features/timelines/lib/memory-privacy";
import { privacyLabel } from "../../../features/timelines/lib/privacy";
import {
  useDeleteMemoryMutation,
  useEditMemoryQuery,
  useUpdateMemoryMutation,
  type Privacy,
} from "../../../gql/graphql";
import { useConfirmDelete } from "../../../lib/use-confirm-delete";
import { GoBack } from "../../../lib/use-go-back";
import styles from "./edit-memory-screen.module.css";
import { notifySaved, TOASTS } from "../../../lib/notify";

/** Spec §2 "Edit Memory": the same fields, replace media, "Save Changes", delete. */
export function EditMemoryScreen() {
  const [params] = useSearchParams();
  const id = params.get("id")?.trim() ?? "";
  const navigate = useNavigate();
  // After its answer the screen reads only the cache: a delete evicts the memory, which must not
  // send a request for it again on the way out.
  const { data, loading } = useEditMemoryQuery(
    id ? { variables: { id }, fetchPolicy: "cache-and-network", nextFetchPolicy: "cache-only" } : skipToken,
  );
  const [updateMemory] = useUpdateMemoryMutation();
  const [deleteMemory] = useDeleteMemoryMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  // "Who can see this memory" as changed here; undefined = as it is (docs/decisions/052-memory-privacy.md)
  const [privacyChoice, setPrivacyChoice] = useState<Privacy | null | undefined>(undefined);
  // Set once the memory is deleted: it leaves the cache before we navigate, which must not read as "missing".
  const leavingTo = useRef<string | null>(null);
  const memory = data?.memory;
  const timelineUrl = memory ? `/app/view-timeline?id=${encodeURIComponent(memory.timelineId)}` : "";
  const deletion = useConfirmDelete({
    operation: "deleteMemory",
    failureMessage: DELETE_MEMORY_ERROR,
    remove: () =>
      deleteMemory({
        variables: { input: { id: memory?.id ?? "" } },
        update(cache, result) {
          const deleted = result.data?.deleteMemory;
          if (!deleted) return;
          leavingTo.current = timelineUrl;
          removeMemoryFromCache(cache, deleted.deletedId, deleted.timelineId);
        },
      }),
    onDeleted: () => void navigate(timelineUrl, { replace: true }),
  });

  if (leavingTo.current) return <Navigate to={leavingTo.current} replace />;

  // Spec §8: a missing id or a missing record goes back.
  if (!id) return <GoBack />;
  if (loading && !data) return <PageSpinner label="Loading memory…" />;
  if (!memory) return <GoBack />;
  // Spec §6: only the memory's creator and the timeline's two people may edit.
  if (!memory.canEdit) return <Navigate to="/app/timelines" replace />;
  // someone else's memory: its creator is named where it is deleted, and told (docs/decisions/037-each-voice-its-authors.md)
  const creatorName = noteAuthorName(memory.createdBy);
  const theirs = !memory.canWriteMeaning;
  // the other of the two: the one asked when the memory is to be seen by more people
  const otherName = (theirs ? creatorName : noteAuthorName(memory.partner)) ?? "the other person";
  const timelinePrivacy = memory.timeline.privacy;
  const privacy = privacyChoice === undefined ? memory.privacy : privacyChoice;
  // sent only when changed, so saving the words never touches a request (as Timeline Settings)
  const privacyChanged = privacyChoice !== undefined && privacyChoice !== memory.privacy;
  const otherId = theirs ? memory.createdBy?.id : memory.partner?.id;
  const askedByOther = !!otherId && memory.privacyRequestedBy?.id === otherId;
  const pendingNote = memory.pendingPrivacy
    ? askedByOther
      ? `${otherName} asked to make this memory ${privacyLabel(memory.pendingPrivacy).toLowerCase()}. Answer in Updates.`
      : memoryWidenWaiting(otherName)
    : null;

  async function save(values: MemoryFormValues, media: UploadedMedia | null, list?: MediaListChoice) {
    if (!memory) return;
    setSaveError(null);
    try {
      await updateMemory({
        variables: {
          input: {
            id: memory.id,
            caption: values.caption.trim(),
            location: values.location.trim(),
            memoryDate: values.memoryDate || null,
            // the creator's words are theirs alone (docs/decisions/037-each-voice-its-authors.md)
            ...(memory.canWriteMeaning ? { meaning: values.meaning.trim() } : {}),
            // the partner's own note (docs/decisions/027-two-voices.md); only they may send it
            ...(values.partnerMeaning !== undefined ? { partnerMeaning: values.partnerMeaning.trim() } : {}),
            // one new file in place of the one: as before; any other change of the photos: all of
            // them in order (docs/decisions/051-several-photos-per-memory.md)
            ...(list?.changed
              ? media && list.before <= 1
                ? { mediaId: media.mediaId }
                : { mediaIds: list.ids }
              : media
                ? { mediaId: media.mediaId }
                : {}),
            ...(privacyChanged ? { privacy: privacy ?? null } : {}),
          },
        },
        update(cache, result) {
          const saved = result.data?.updateMemory.memory;
          if (saved) placeMemoryInTimeline(cache, saved);
        },
      });
    } catch (failure) {
      console.warn("updateMemory failed", failure);
      setSaveError(SAVE_MEMORY_ERROR);
      return;
    }
    const asked = privacyChanged && widensMemory(memory.privacy, privacy ?? null, timelinePrivacy);
    notifySaved(asked ? memoryWidenAsked(otherName) : TOASTS.memorySaved);
    void navigate(timelineUrl);
  }

  return (
    <>
      <BackLink to={timelineUrl} label={memory.timeline.title} />
      <ScreenHeader title="Edit Memory" />
      <MemoryForm
        initial={{
          caption: memory.caption,
          location: memory.location,
          memoryDate: memory.memoryDate ?? "",
          meaning: memory.meaning,
        }}
        currentMedia={memory.media}
        currentItems={memory.items?.length ? memory.items : [memory.media]}
        submitLabel="Save Changes"
        busyLabel="Saving..."
        onSubmit={save}
        error={saveError}
        locked={deletion.busy}
        partnerNote={memory.canWritePartnerMeaning ? { initial: memory.partnerMeaning ?? "" } : undefined}
        meaningBy={memory.canWriteMeaning ? undefined : { author: creatorName }}
        privacyField={
          memory.timeline.isParticipant ? (
            <MemoryPrivacySelector
              timelineId={memory.timelineId}
              timelinePrivacy={timelinePrivacy}
              value={privacy ?? null}
              onChange={setPrivacyChoice}
              disabled={deletion.busy}
              note={pendingNote}
            />
          ) : null
        }
        footer={
          <Button variant="ghost" block className={styles.delete} onClick={deletion.ask} disabled={deletion.busy}>
            <TrashIcon size={20} />
            Delete Memory
          </Button>
        }
      />
      {deletion.confirming ? (
        <ConfirmDialog
          title={theirs && creatorName ? `Delete ${creatorName}'s memory?` : "Delete this memory?"}
          message={theirs && creatorName ? deleteTheirMemoryConfirm(creatorName) : DELETE_MEMORY_CONFIRM}
          confirmLabel="Delete"
          {...deletion.dialogProps}
        />
      ) : null}
    </>
  );
}
