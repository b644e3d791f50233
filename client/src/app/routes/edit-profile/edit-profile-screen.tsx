import { BIO_MAX, DISPLAY_NAME_MAX, USERNAME_MAX, USERNAME_RESERVED, USERNAME_TAKEN } from "@keepsake/contract";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { characterCount } from "../../../lib/characters";
import { useNavigate } from "react-router-dom";
import { Avatar } from "../../../components/ui/avatar";
import { Button, ButtonLink } from "../../../components/ui/button";
import { CharCounter } from "../../../components/ui/char-counter";
import { LoadProblem } from "../../../components/ui/load-problem";
import { ScreenHeader } from "../../../components/ui/screen-header";
import { CenteredSpinner } from "../../../components/ui/spinner";
import { useUsernameCheck } from "../../../features/profile/api/use-username-check";
import {
  normalizeUsernameInput,
  profileSaveErrorMessage,
  USERNAME_HINT,
  USERNAME_TAKEN_LIVE,
  usernameRewritten,
  validateProfile,
} from "../../../features/profile/lib/profile-form";
import {
  useMyProfileQuery,
  useUpdateProfileMutation,
  type ProfileHeader_UserFragment,
  type UpdateProfileInput,
} from "../../../gql/graphql";
import styles from "./edit-profile-screen.module.css";
import { notifySaved, TOASTS } from "../../../lib/notify";

/** Edit Profile (docs/product.md §2, §4, §5): photo, display name, username with a live check, bio. */
export function EditProfileScreen() {
  const { data, error, loading, refetch } = useMyProfileQuery({
    fetchPolicy: "cache-and-network",
    nextFetchPolicy: "cache-first",
  });
  const me = data?.me;

  return (
    <>
      <ScreenHeader title="Edit Profile" />
      {me ? (
        <EditProfileForm key={me.id} me={me} />
      ) : !loading && error ? (
        <LoadProblem message="We couldn't load your profile." onRetry={() => refetch()} />
      ) : (
        <CenteredSpinner label="Loading profile..." height="content" />
      )}
    </>
  );
}

/** A local preview of a chosen photo, released when it changes or the form goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== "function") {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function EditProfileForm({ me }: { me: ProfileHeader_UserFragment }) {
  const navigate = useNavigate();
  const ids = { name: useId(), username: useId(), bio: useId(), photo: useId() };
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [displayName, setDisplayName] = useState(me.displayName);
  const [username, setUsername] = useState(me.username);
  const [bio, setBio] = useState(me.bio);
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflictName, setConflictName] = useState<string | null>(null);
  // once the field rewrote what was typed (capitals, spaces), the screen says what it became
  const [rewritten, setRewritten] = useState(false);
  const [updateProfile, { loading: saving }] = useUpdateProfileMutation();
  const previewUrl = usePreviewUrl(photo);

  const check = useUsernameCheck(username, me.username);
  const errors = validateProfile({ displayName, username, bio });
  const usernameChanged = username !== me.username;
  const knownTaken = usernameChanged && (check === "taken" || check === "reserved" || conflictName === username);
  const hasErrors = Object.keys(errors).length > 0;
  const canSave = !hasErrors && !knownTaken && !saving;

  const photoSrc = previewUrl ?? (removePhoto ? null : me.profilePhotoUrl);
  const hasPhoto = Boolean(photo) || (Boolean(me.profilePhotoUrl) && !removePhoto);

  function edited() {
    setSaveError(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave) return;
    setSaveError(null);
    const input: UpdateProfileInput = { displayName: displayName.trim(), bio };
    if (usernameChanged) input.username = username;
    if (photo) input.photo = photo;
    else if (removePhoto) input.removePhoto = true;
    try {
      await updateProfile({ variables: { input } });
    } catch (error) {
      const message = profileSaveErrorMessage(error);
      if (message === USERNAME_TAKEN) setConflictName(username);
      setSaveError(message);
      return;
    }
    notifySaved(TOASTS.profileSaved);
    await navigate("/app/profile");
  }

  const usernameStatus =
    errors.username !== undefined
      ? null
      : knownTaken
        ? check === "reserved"
          ? USERNAME_RESERVED
          : USERNAME_TAKEN_LIVE
        : check === "checking"
          ? "Checking availability..."
          : check === "available" && usernameChanged
            ? "Username is available"
            : null;

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={saving || undefined}>
      <fieldset className={styles.photo} disabled={saving}>
        <legend className="visually-hidden">Profile photo</legend>
        <span className={styles.avatar}>
          {photoSrc ? (
            <img src={photoSrc} alt={photo ? "New profile photo" : "Profile photo"} className={styles.avatarImage} />
          ) : (
            <Avatar seed={me.id} name={displayName || me.username} email={me.email} size={96} />
          )}
        </span>
        <div className={styles.photoActions}>
          <input
            ref={fileInputRef}
            id={ids.photo}
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              if (file) {
                setPhoto(file);
                setRemovePhoto(false);
                edited();
              }
            }}
          />
          <label htmlFor={ids.photo} className={styles.photoButton}>
            {hasPhoto ? "Change photo" : "Add photo"}
          </label>
          {hasPhoto ? (
            <Button
              variant="ghost"
              className={styles.removePhoto}
              onClick={() => {
                if (photo) {
                  setPhoto(null);
                  if (fileInputRef.current) fileInputRef.current.value = "";
                } else {
                  setRemovePhoto(true);
                }
                edited();
              }}
            >
              {photo ? "Keep current photo" : "Remove photo"}
            </Button>
          ) : null}
        </div>
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={ids.name} className={styles.label}>
          Display name
        </label>
        <input
          id={ids.name}
          className={styles.input}
          value={displayName}
          autoComplete="name"
          required
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={`${ids.name}-error ${ids.name}-count`}
          onChange={(event) => {
            setDisplayName(event.target.value);
            edited();
          }}
        />
        <div className={styles.below}>
          <span id={`${ids.name}-error`} className={styles.error}>
            {errors.displayName && errors.displayName !== "over-limit" ? errors.displayName : null}
          </span>
          <CharCounter id={`${ids.name}-count`} current={characterCount(displayName)} max={DISPLAY_NAME_MAX} />
        </div>
      </div>

      <div className={styles.field}>
        <label htmlFor={ids.username} className={styles.label}>
          Username
        </label>
        <div className={styles.usernameBox}>
          <span className={styles.at} aria-hidden="true">
            @
          </span>
          <input
            id={ids.username}
            className={`${styles.input} ${styles.usernameInput}`}
            value={username}
            maxLength={USERNAME_MAX}
            autoCapitalize="none"
            autoCorrect="off"
            autoComplete="username"
            spellCheck={false}
            required
            aria-invalid={errors.username || knownTaken ? true : undefined}
            aria-describedby={`${ids.username}-hint ${ids.username}-status`}
            onChange={(event) => {
              const typed = event.target.value;
              const next = normalizeUsernameInput(typed);
              if (next !== typed) setRewritten(true);
              setUsername(next);
              edited();
            }}
          />
        </div>
        <p id={`${ids.username}-hint`} className={styles.hint}>
          {rewritten && usernameChanged ? usernameRewritten(username) : USERNAME_HINT}
        </p>
        <p
          id={`${ids.username}-status`}
          className={
            errors.username || knownTaken
              ? styles.error
              : check === "available" && usernameChanged
                ? styles.available
                : styles.hint
          }
          aria-live="polite"
          data-check={check}
        >
          {errors.username ?? usernameStatus}
        </p>
      </div>

      <div className={styles.field}>
        <label htmlFor={ids.bio} className={styles.label}>
          Bio
        </label>
        <textarea
          id={ids.bio}
          className={`${styles.input} ${styles.textarea}`}
          value={bio}
          rows={4}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={`${ids.bio}-count`}
          onChange={(event) => {
            setBio(event.target.value);
            edited();
          }}
        />
        <CharCounter id={`${ids.bio}-count`} current={characterCount(bio)} max={BIO_MAX} />
      </div>

      {saveError ? (
        <p role="alert" className={styles.saveError}>
          {saveError}
        </p>
      ) : null}

      <div className={styles.actions}>
        <Button type="submit" block needsNetwork disabled={!canSave} busy={saving} busyLabel="Saving...">
          Save Changes
        </Button>
        <ButtonLink to="/app/profile" variant="ghost" block>
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
