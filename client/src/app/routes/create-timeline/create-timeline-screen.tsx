import { TITLE_MAX } from "@keepsake/contract";
import { skipToken } from "@apollo/client/react";
import { characterCount } from "../../../lib/characters";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { BackLink } from "../../../components/ui/back-link";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import formStyles from "../../../components/ui/form.module.css";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { TextField } from "../../../components/ui/text-field";
import { notifyFriendsTimelineCreated } from "../../../features/timelines/api/friend-notifications";
import { addTimelineToList } from "../../../features/timelines/api/timeline-cache";
import { useAudiencePreview } from "../../../features/timelines/api/use-audience";
import {
  CollaboratorPicker,
  collaboratorName,
  isEmailAddress,
  type Collaborator,
} from "../../../features/timelines/components/collaborator-picker";
import { PrivacySelector } from "../../../features/timelines/components/privacy-selector";
import { CREATE_TIMELINE_ERROR } from "../../../features/timelines/lib/messages";
import { useCollaboratorByIdentifierQuery, useCreateTimelineMutation, type Privacy } from "../../../gql/graphql";

/** Spec §2 "Create Timeline": title, the other person, privacy; then back to the list. */
export function CreateTimelineScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preset = params.get("collaborator")?.trim() ?? "";
  const [title, setTitle] = useState("");
  const [collaborator, setCollaborator] = useState<Collaborator | null>(null);
  const [presetDone, setPresetDone] = useState(!preset);
  const [privacy, setPrivacy] = useState<Privacy>("PRIVATE");
  const [error, setError] = useState<string | null>(null);

  // `?collaborator=<email>` preselects that person (docs/product.md §2).
  const lookup = useCollaboratorByIdentifierQuery(
    preset && !presetDone ? { variables: { identifier: preset } } : skipToken,
  );
  useEffect(() => {
    if (presetDone || lookup.loading) return;
    if (!lookup.data && !lookup.error) return;
    const user = lookup.data?.user ?? null;
    if (user) setCollaborator({ kind: "user", user });
    else if (isEmailAddress(preset)) setCollaborator({ kind: "email", email: preset.toLowerCase() });
    setPresetDone(true);
  }, [presetDone, lookup.loading, lookup.data, lookup.error, preset]);

  const [createTimeline, { loading: creating }] = useCreateTimelineMutation();
  const audience = useAudiencePreview(collaborator, presetDone);

  const titleValid = title.trim().length > 0 && characterCount(title) <= TITLE_MAX;
  const canSubmit = titleValid && collaborator !== null && !creating;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit || !collaborator) return;
    setError(null);
    try {
      const { data } = await createTimeline({
        variables: {
          input: {
            title: title.trim(),
            privacy,
            ...(collaborator.kind === "user"
              ? { collaboratorId: collaborator.user.id }
              : { collaboratorEmail: collaborator.email }),
          },
        },
        update(cache, result) {
          const created = result.data?.createTimeline.timeline;
          if (created) addTimelineToList(cache, created);
        },
      });
      const created = data?.createTimeline.timeline;
      if (!created) throw new Error("createTimeline answered without a timeline");
      const email =
        created.collaboratorEmail ?? (collaborator.kind === "email" ? collaborator.email : collaborator.user.email);
      void notifyFriendsTimelineCreated(created.id, email ?? null);
      void navigate("/app/timelines");
    } catch (failure) {
      console.warn("createTimeline failed", failure);
      setError(CREATE_TIMELINE_ERROR);
    }
  }

  return (
    <>
      <BackLink to="/app/timelines" label="Timelines" />
      <ScreenHeader title="Create Timeline" subtitle="A shared space for the two of you" />
      <form className={formStyles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Title"
          value={title}
          onChange={setTitle}
          max={TITLE_MAX}
          required
          placeholder="Our summer in Lisbon"
          autoComplete="off"
        />
        <CollaboratorPicker value={collaborator} onChange={setCollaborator} loading={!presetDone} disabled={creating} />
        <PrivacySelector
          value={privacy}
          onChange={setPrivacy}
          otherName={collaboratorName(collaborator)}
          audience={audience}
        />
        <FormAlert message={error} />
        <Button type="submit" block needsNetwork disabled={!canSubmit} busy={creating} busyLabel="Creating...">
          Create Timeline
        </Button>
      </form>
    </>
  );
}
