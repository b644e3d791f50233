import { useId, useRef, useState } from "react";
import { ALREADY_IN_TIMELINE } from "@keepsake/contract";
import { Button, ButtonLink } from "../../../components/ui/button";
import { ImageIcon } from "../../../components/ui/icons";
import type { MediaType } from "../../../gql/graphql";
import type { PickedMedia, UploadStatus } from "../api/use-media-upload";
import styles from "./media-picker.module.css";

interface CurrentMedia {
  type: MediaType;
  url: string | null;
  posterUrl?: string | null;
}

interface MediaPickerProps {
  /** The file chosen now, if any. */
  picked: PickedMedia | null;
  /** The memory's media so far (Edit Memory). */
  current?: CurrentMedia | null;
  status: UploadStatus;
  progress: number;
  error: string | null;
  onChoose: (file: File) => void;
  /**
   * Several files chosen at once (the system picker's multiple selection): a memory holds up to 10
   * (docs/decisions/051-several-photos-per-memory.md). Without it, one file is chosen.
   */
  onChooseMany?: (files: File[]) => void;
  /** Uploads the chosen file again (shown after a failed upload). */
  onRetry?: () => void;
  disabled?: boolean;
  /** The chosen file is already in the timeline: where to open the memory that holds it. */
  duplicateUrl?: string | null;
}

/**
 * Choose a photo or video (docs/product.md §2): a preview, the upload's progress bar and its error. With a
 * current media the button reads "Replace Media". A failed upload shows the server's message and
 * Retry in place of the preview (a file the server refused is often one the browser cannot show).
 */
export function MediaPicker({
  picked,
  current,
  status,
  progress,
  error,
  onChoose,
  onChooseMany,
  onRetry,
  disabled,
  duplicateUrl,
}: MediaPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const statusId = `${id}-status`;
  const shown = picked
    ? { type: picked.type, url: picked.previewUrl, posterUrl: null, serverUrl: picked.serverPreviewUrl ?? null }
    : current
      ? { ...current, serverUrl: current.posterUrl ?? null }
      : null;
  const label = current || picked ? "Replace Media" : "Choose Photo or Video";
  const failed = Boolean(picked) && status === "failed";

  return (
    <div className={styles.picker}>
      <span className={styles.label} id={`${id}-label`}>
        Photo or video{current ? null : <span aria-hidden="true"> *</span>}
      </span>
      {picked && status === "duplicate" && duplicateUrl ? (
        <div className={styles.failedPanel} role="alert">
          <ImageIcon size={32} />
          <p className={styles.failedText}>{ALREADY_IN_TIMELINE}</p>
          <ButtonLink to={duplicateUrl}>Open it</ButtonLink>
        </div>
      ) : failed ? (
        <div className={styles.failedPanel} role="alert">
          <ImageIcon size={32} />
          <p className={styles.failedText}>{error ?? "Failed to upload file: Upload failed"}</p>
          {onRetry ? (
            <Button onClick={onRetry} disabled={disabled}>
              Retry
            </Button>
          ) : null}
        </div>
      ) : shown ? (
        <div className={styles.preview}>
          <Preview key={shown.url ?? shown.serverUrl} {...shown} />
        </div>
      ) : (
        <button
          type="button"
          className={styles.drop}
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          aria-describedby={`${id}-label`}
        >
          <ImageIcon size={36} />
          <span className={styles.dropTitle}>Choose Photo or Video</span>
          <span className={styles.dropHint}>A photo or a short video from your phone</span>
        </button>
      )}

      <input
        ref={inputRef}
        id={`${id}-input`}
        className="visually-hidden"
        type="file"
        accept="image/*,video/*"
        multiple={onChooseMany ? true : undefined}
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          if (onChooseMany && files.length) onChooseMany(files);
          else if (files[0]) onChoose(files[0]);
          event.target.value = "";
        }}
      />

      {shown ? (
        <Button variant="secondary" block onClick={() => inputRef.current?.click()} disabled={disabled}>
          {label}
        </Button>
      ) : null}

      {picked && status !== "idle" ? (
        <div className={styles.progressRow}>
          <div
            className={styles.track}
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-describedby={statusId}
          >
            <div
              className={status === "failed" ? `${styles.bar} ${styles.failed}` : styles.bar}
              style={{ width: `${status === "failed" ? 100 : progress}%` }}
            />
          </div>
          <span id={statusId} className={styles.status} aria-live="polite">
            {status === "uploading" ? `Uploading… ${progress}%` : status === "uploaded" ? "Uploaded" : "Upload failed"}
          </span>
        </div>
      ) : null}

      {error && !failed ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface PreviewProps {
  type: MediaType;
  url: string | null;
  posterUrl?: string | null;
  /** The server's picture of the file (a photo's display image, a video's poster) once uploaded. */
  serverUrl: string | null;
}

/**
 * The chosen file as the browser shows it; when it cannot (a HEIC photo, an HEVC video in most
 * browsers), the server's picture of it once the upload is done (docs/decisions/034-media-formats.md).
 */
function Preview({ type, url, posterUrl, serverUrl }: PreviewProps) {
  const [unreadable, setUnreadable] = useState(false);
  if (unreadable || !url) {
    return serverUrl ? (
      <img
        className={styles.media}
        src={serverUrl}
        alt={`Preview of the chosen ${type === "VIDEO" ? "video" : "photo"}`}
      />
    ) : (
      <p className={styles.previewPending}>The preview shows once the upload is done.</p>
    );
  }
  return type === "VIDEO" ? (
    <video
      className={styles.media}
      src={url}
      poster={posterUrl ?? serverUrl ?? undefined}
      controls
      playsInline
      muted
      preload="metadata"
      aria-label="Preview of the chosen video"
      onError={() => setUnreadable(true)}
      // a container the browser reads with a picture it cannot decode (HEVC): no video size
      onLoadedMetadata={(event) => setUnreadable(event.currentTarget.videoWidth === 0)}
    />
  ) : (
    <img className={styles.media} src={url} alt="Preview of the chosen photo" onError={() => setUnreadable(true)} />
  );
}
