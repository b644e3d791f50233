import { CAPTION_MAX, INVALID_DATE_MESSAGE, LOCATION_MAX, MEANING_MAX, PARTNER_MEANING_MAX } from "@keepsake/contract";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import formStyles from "../../../components/ui/form.module.css";
import { TextField } from "../../../components/ui/text-field";
import fieldStyles from "../../../components/ui/text-field.module.css";
import type { MediaType } from "../../../gql/graphql";
import { memoryUrl } from "../api/find-duplicate";
import type { UploadedMedia } from "../api/use-media-upload";
import { useMediaList, type CurrentMediaItem } from "../api/use-media-list";
import { captureReadByServer, prefillDateFor } from "../lib/capture-date";
import { memoryDateError, todayDateInputValue } from "../lib/memory-date";
import { characterCount } from "../../../lib/characters";
import { MediaPicker } from "./media-picker";
import { MediaRow } from "./media-row";
import styles from "./memory-form.module.css";
import { PartnerNoteField } from "./partner-note-field";

export interface MemoryFormValues {
  caption: string;
  location: string;
  /** "YYYY-MM-DD" or "" */
  memoryDate: string;
  meaning: string;
  /** The partner's own note (docs/decisions/027-two-voices.md); only with `partnerNote`. */
  partnerMeaning?: string;
}

/** The memory's photos and videos as the form sends them: ids in order, the first the cover. */
export interface MediaListChoice {
  ids: string[];
  /** whether they differ from the memory's (always true on Add Memory) */
  changed: boolean;
  /** how many the memory held before (0 on Add Memory) */
  before: number;
}

/** Edit Memory for the timeline's other participant: their own note besides the creator's. */
export interface PartnerNoteField {
  initial: string;
}

interface MemoryFormProps {
  initial?: Partial<MemoryFormValues>;
  /** The memory's media so far (Edit Memory); without it a file is required (docs/product.md §5). */
  currentMedia?: { type: MediaType; url: string | null; posterUrl?: string | null } | null;
  /** Every photo and video of the memory so far, in order (Edit Memory); the cover alone when not given. */
  currentItems?: readonly CurrentMediaItem[];
  submitLabel: string;
  busyLabel: string;
  /**
   * Saves; `media` is the newly uploaded file when the memory holds that one file; `list` all of
   * the memory's media ids in order and whether they changed
   * (docs/decisions/051-several-photos-per-memory.md). Rejections are the caller's to show.
   */
  onSubmit: (values: MemoryFormValues, media: UploadedMedia | null, list: MediaListChoice) => Promise<void>;
  /** A message above the submit button (e.g. the save failure). */
  error?: string | null;
  /** Extra controls after the submit button (Edit Memory's delete). */
  footer?: ReactNode;
  /** Another action is running (e.g. a delete): everything is disabled. */
  locked?: boolean;
  /** Shows the partner's own note field (Edit Memory by the partner). */
  partnerNote?: PartnerNoteField;
  /** Add Memory: the timeline, so a file already in it is not sent again but opened. */
  timelineId?: string;
  /**
   * Edit Memory by someone other than its creator: the creator's "Why this moment matters" is
   * theirs alone (docs/decisions/037-each-voice-its-authors.md), shown here to read, not to change.
   */
  meaningBy?: { author: string | null };
  /** "Who can see this memory", composed by the screen (docs/decisions/052-memory-privacy.md). */
  privacyField?: ReactNode;
}

/**
 * The fields of Add Memory and Edit Memory (docs/product.md §2, §5): the photo or video with its preview and
 * upload progress, the date (prefilled from the photo when empty; at most today), caption,
 * location and "Why this moment matters", each with its counter; for the timeline's other
 * participant on Edit Memory, their own note too (docs/decisions/027-two-voices.md).
 */
export function MemoryForm({
  initial,
  currentMedia = null,
  currentItems,
  submitLabel,
  busyLabel,
  onSubmit,
  error,
  footer,
  locked = false,
  partnerNote,
  timelineId,
  meaningBy,
  privacyField,
}: MemoryFormProps) {
  const dateId = useId();
  const [caption, setCaption] = useState(initial?.caption ?? "");
  const [location, setLocation] = useState(initial?.location ?? "");
  const [memoryDate, setMemoryDate] = useState(initial?.memoryDate ?? "");
  const [meaning, setMeaning] = useState(initial?.meaning ?? "");
  const [partnerMeaning, setPartnerMeaning] = useState(partnerNote?.initial ?? "");
  const [dateAlert, setDateAlert] = useState<string | null>(null);
  const [phase, setPhase] = useState<"idle" | "uploading" | "saving">("idle");
  const dateInput = useRef<HTMLInputElement>(null);
  /** The person wrote or cleared the place themselves: a suggestion from the photo no longer fills it. */
  const locationEdited = useRef(Boolean(initial?.location));
  const media = useMediaList(timelineId, currentItems ?? []);
  const first = media.items[0] ?? null;
  const several = media.items.length > 1;
  const progress = media.items.length
    ? Math.round(media.items.reduce((sum, item) => sum + item.progress, 0) / media.items.length)
    : 0;

  const today = todayDateInputValue();
  // user-perceived characters, as the counters and the server count them: a family emoji is one
  const overLimit =
    characterCount(caption) > CAPTION_MAX ||
    characterCount(location) > LOCATION_MAX ||
    characterCount(meaning) > MEANING_MAX ||
    characterCount(partnerMeaning) > PARTNER_MEANING_MAX;
  const hasMedia = media.items.length > 0;
  const uploadFailed = media.failed;
  const busy = phase !== "idle";
  const canSubmit = hasMedia && !overLimit && !uploadFailed && !busy && !locked;

  /** Files chosen (in place of the item `replace`): each uploads; the first fills the date and place. */
  function chooseFiles(files: File[], replace?: string) {
    const uploads = media.add(files, replace);
    uploads.forEach((upload, i) => prefillFrom(files[i]!, upload));
  }

  function prefillFrom(file: File, upload: Promise<UploadedMedia>) {
    // The place the server named from the photo's position, while the field is untouched.
    upload.then(
      (uploaded) => {
        if (uploaded.place && !locationEdited.current) setLocation(uploaded.place);
      },
      () => {},
    );
    // Spec §4: an empty date is prefilled from the capture time (read here, or by the server from
    // a video or a photo this browser cannot read), else the file's date.
    if (!memoryDate) {
      const fromServer = captureReadByServer(file)
        ? upload.then(
            (uploaded) => uploaded.takenAt,
            () => null,
          )
        : Promise.resolve(null);
      void prefillDateFor(file, fromServer).then((value) => setMemoryDate((current) => current || value));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const badInput = dateInput.current?.validity.badInput ?? false;
    const problem = badInput ? INVALID_DATE_MESSAGE : memoryDateError(memoryDate);
    setDateAlert(problem);
    if (problem) {
      dateInput.current?.focus();
      return;
    }
    let ids: string[];
    try {
      if (media.pending) setPhase("uploading");
      ids = await media.whenUploaded();
    } catch {
      // The picker shows the upload's failure.
      setPhase("idle");
      return;
    }
    // the one file of the memory, newly chosen: sent as before (`mediaId`)
    const uploaded: UploadedMedia | null =
      media.items.length === 1 && first?.file
        ? (first.uploaded ?? { mediaId: ids[0]!, takenAt: null, place: null })
        : null;
    const list: MediaListChoice = {
      ids,
      changed: media.changed,
      before: currentItems?.length ?? (currentMedia ? 1 : 0),
    };
    setPhase("saving");
    try {
      await onSubmit(
        { caption, location, memoryDate, meaning, ...(partnerNote ? { partnerMeaning } : {}) },
        uploaded,
        list,
      );
    } finally {
      setPhase("idle");
    }
  }

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      {several ? null : (
        <MediaPicker
          picked={
            first?.file
              ? {
                  file: first.file,
                  type: first.type,
                  previewUrl: first.previewUrl ?? "",
                  serverPreviewUrl: first.serverPreviewUrl,
                }
              : null
          }
          current={first && !first.file ? (currentMedia ?? { type: first.type, url: first.serverPreviewUrl }) : null}
          status={first?.file ? first.status : "idle"}
          progress={first?.progress ?? 0}
          error={first?.error ?? null}
          onChoose={(file) => chooseFiles([file], first?.key)}
          onChooseMany={(files) => chooseFiles(files, first?.key)}
          onRetry={first?.retryable ? () => media.retry(first.key) : undefined}
          disabled={busy || locked}
          duplicateUrl={timelineId && first?.duplicateOf ? memoryUrl(timelineId, first.duplicateOf) : null}
        />
      )}
      {hasMedia ? (
        <MediaRow
          items={media.items}
          showItems={several}
          notice={media.notice}
          onAdd={(files) => chooseFiles(files)}
          onRemove={media.remove}
          onMove={media.move}
          onRetry={media.retry}
          disabled={busy || locked}
        />
      ) : null}

      <div className={fieldStyles.field}>
        <label htmlFor={dateId} className={fieldStyles.label}>
          Date
        </label>
        <input
          ref={dateInput}
          id={dateId}
          className={fieldStyles.control}
          type="date"
          max={today}
          value={memoryDate}
          aria-invalid={dateAlert ? true : undefined}
          aria-describedby={dateAlert ? `${dateId}-alert` : undefined}
          onChange={(event) => {
            setMemoryDate(event.target.value);
            setDateAlert(null);
          }}
        />
        <FormAlert id={`${dateId}-alert`} message={dateAlert} />
      </div>

      <TextField
        label="Caption"
        value={caption}
        onChange={setCaption}
        max={CAPTION_MAX}
        multiline
        rows={2}
        placeholder="What was happening?"
      />
      <TextField
        label="Location"
        value={location}
        onChange={(value) => {
          locationEdited.current = true;
          setLocation(value);
        }}
        max={LOCATION_MAX}
        placeholder="Where was this?"
        autoComplete="off"
      />
      {meaningBy ? (
        meaning.trim() ? (
          <figure className={styles.theirWords} aria-labelledby={`${dateId}-theirs`}>
            <figcaption id={`${dateId}-theirs`} className={fieldStyles.label}>
              Why this moment matters
            </figcaption>
            <p className={styles.theirText}>{meaning}</p>
            <p className={fieldStyles.hint}>
              {meaningBy.author
                ? `${meaningBy.author}'s words; only they can change them`
                : "Only its author can change these words"}
            </p>
          </figure>
        ) : null
      ) : (
        <TextField
          label="Why this moment matters"
          value={meaning}
          onChange={setMeaning}
          max={MEANING_MAX}
          multiline
          rows={4}
          placeholder="A few words for the two of you"
        />
      )}
      {partnerNote ? <PartnerNoteField value={partnerMeaning} onChange={setPartnerMeaning} /> : null}
      {privacyField}

      <FormAlert message={error} />

      <div className={formStyles.actions}>
        <Button
          type="submit"
          block
          needsNetwork
          disabled={!canSubmit}
          busy={busy}
          busyLabel={phase === "uploading" ? `Uploading… ${progress}%` : busyLabel}
        >
          {submitLabel}
        </Button>
        {!hasMedia ? <p className={styles.needsMedia}>Choose a photo or video to add this memory.</p> : null}
        {footer}
      </div>
    </form>
  );
}
