import { TITLE_MAX } from "@keepsake/contract";
import { skipToken } from "@apollo/client/react";
import { characterCount } from "../../../lib/characters";
import { useState, type FormEvent } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { BackLink } from "../../../components/ui/back-link";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormAlert } from "../../../components/ui/form-alert";
import formStyles from "../../../components/ui/form.module.css";
import { TrashIcon } from "../../../components/ui/icons";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { PageSpinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { removeTimelineFromCache } from "../../../features/timelines/api/timeline-cache";
import { useTimelineAudience } from "../../../features/timelines/api/use-audience";
import { PrivacySelector } from "../../../features/timelines/components/privacy-selector";
import { PrivacyRequestPanel } from "../../../features/timelines/components/privacy-request-panel";
import { useAnswerPrivacyRequest } from "../../../features/notifications/api/use-answer-privacy-request";
import { PRIVACY_TOASTS, privacyConsentRule, widens } from "../../../features/timelines/lib/privacy-consent";
import { collaboratorLabel } from "../../../features/timelines/lib/collaborator-label";
import {
  DELETE_TIMELINE_CONFIRM,
  DELETE_TIMELINE_ERROR,
  SAVE_SETTINGS_ERROR,
} from "../../../features/timelines/lib/messages";
import {
  useDeleteTimelineMutation,
  useTimelineSettingsQuery,
  useUpdateTimelineMutation,
  type Privacy,
  type TimelineSettingsQuery,
} from "../../../gql/graphql";
import { useSessionUser } from "../../../lib/session-user";
import { useConfirmDelete } from "../../../lib/use-confirm-delete";
import styles from "./timeline-settings-screen.module.css";
import { notifySaved, TOASTS } from "../../../lib/notify";

/** Spec §2 "Timeline Settings": title, privacy, save; the Danger Zone deletes the timeline. */
export function TimelineSettingsScreen() {
  const [params] = useSearchParams();
  const id = params.get("id")?.trim() ?? "";
  // After its answer the screen reads only the cache: a delete evicts the timeline, which must not
  // send a request for it again on the way out.
  const { data, loading } = useTimelineSettingsQuery(
    id ? { variables: { id }, fetchPolicy: "cache-and-network", nextFetchPolicy: "cache-only" } : skipToken,
  );

  // Spec §6/§8: no id, a missing timeline, or someone who is not one of its two people → the list.
  if (!id) return <Navigate to="/app/timelines" replace />;
  if (loading && !data) return <PageSpinner label="Loading settings…" />;
  const timeline = data?.timeline;
  if (!timeline || !timeline.isParticipant) return <Navigate to="/app/timelines" replace />;

  return <SettingsForm key={timeline.id} timeline={timeline} />;
}

type SettingsTimeline = NonNullable<TimelineSettingsQuery["timeline"]>;

function SettingsForm({ timeline }: { timeline: SettingsTimeline }) {
  const navigate = useNavigate();
  const viewer = useSessionUser();
  const [answerPrivacy, answeringPrivacy] = useAnswerPrivacyRequest();
  const [title, setTitle] = useState(timeline.title);
  const [privacy, setPrivacy] = useState<Privacy>(timeline.privacy);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [updateTimeline, { loading: saving }] = useUpdateTimelineMutation();
  const [deleteTimeline] = useDeleteTimelineMutation();
  const audience = useTimelineAudience(timeline.id);
  const deletion = useConfirmDelete({
    operation: "deleteTimeline",
    failureMessage: DELETE_TIMELINE_ERROR,
    remove: () =>
      deleteTimeline({
        variables: { input: { id: timeline.id } },
        update(cache, result) {
          const deletedId = result.data?.deleteTimeline.deletedId;
          if (deletedId) removeTimelineFromCache(cache, deletedId);
        },
      }),
    onDeleted: () => void navigate("/app/timelines", { replace: true }),
  });
  const deleting = deletion.busy;

  const otherName = collaboratorLabel(timeline, viewer);
  const consentRule = privacyConsentRule(timeline, otherName);
  const timelineUrl = `/app/view-timeline?id=${encodeURIComponent(timeline.id)}`;
  const titleValid = title.trim().length > 0 && characterCount(title) <= TITLE_MAX;
  const canSave = titleValid && !saving && !deleting;
  // a wider tier is a question to the other person: the button says so (docs/decisions/037-each-voice-its-authors.md)
  const asking = !!consentRule && widens(timeline.privacy, privacy);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    setSaveError(null);
    // The tier is sent only when changed: sending the current one would cancel a pending request
    // (docs/decisions/026-two-keys-privacy.md); the panel's "Cancel request" does that on purpose.
    const changed = privacy !== timeline.privacy;
    let saved;
    try {
      saved = await updateTimeline({
        variables: { input: { id: timeline.id, title: title.trim(), ...(changed ? { privacy } : {}) } },
      });
    } catch (failure) {
      console.warn("updateTimeline failed", failure);
      setSaveError(SAVE_SETTINGS_ERROR);
      return;
    }
    const result = saved.data?.updateTimeline.timeline;
    const waiting = changed && result?.pendingPrivacy === privacy && result.privacy !== privacy;
    notifySaved(waiting ? PRIVACY_TOASTS.asked(otherName, privacy) : TOASTS.settingsSaved);
    void navigate(timelineUrl);
  }

  return (
    <>
      <BackLink to={timelineUrl} label={timeline.title} />
      <ScreenHeader title="Timeline Settings" />
      <form className={formStyles.form} onSubmit={(event) => void save(event)} noValidate>
        <TextField label="Title" value={title} onChange={setTitle} max={TITLE_MAX} required autoComplete="off" />
        <PrivacySelector
          value={privacy}
          onChange={setPrivacy}
          otherName={otherName}
          disabled={saving || deleting}
          audience={audience}
        />
        {consentRule ? (
          <p className={styles.consentRule} data-testid="privacy-consent-rule">
            {consentRule}
          </p>
        ) : null}
        <PrivacyRequestPanel
          timeline={timeline}
          viewerId={viewer?.id}
          otherName={otherName}
          answer={answerPrivacy}
          answering={answeringPrivacy}
        />
        <FormAlert message={saveError} />
        <Button
          type="submit"
          block
          needsNetwork
          disabled={!canSave}
          busy={saving}
          busyLabel={asking ? "Asking..." : "Saving..."}
        >
          {asking ? `Ask ${otherName}` : "Save Changes"}
        </Button>
      </form>

      <section className={styles.danger} aria-labelledby="danger-zone-title">
        <h2 id="danger-zone-title" className={styles.dangerTitle}>
          Danger Zone
        </h2>
        <p className={styles.dangerText}>
          Deleting this timeline also deletes all of its memories, for both of you. This cannot be undone.
        </p>
        <Button variant="danger" block onClick={deletion.ask} disabled={saving || deleting}>
          <TrashIcon size={20} />
          Delete Timeline
        </Button>
      </section>

      {deletion.confirming ? (
        <ConfirmDialog
          title="Delete this timeline?"
          message={DELETE_TIMELINE_CONFIRM}
          confirmLabel="Delete Timeline"
          {...deletion.dialogProps}
        />
      ) : null}
    </>
  );
}
