import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { findDuplicate } from "../api/find-duplicate";
import { UploadRefusedError, uploadResumable } from "../api/resumable-upload";
import { deleteDraft, loadDraft, saveDraft, type DraftFile, type TripDraft } from "./draft-store";
import { factsOf, fileKey, photosAndVideos } from "./trip-files";
import * as grouping from "./trip-groups";
import { createUploadQueue } from "./upload-queue";

/**
 * The state of an Add many trip (docs/decisions/058-add-many-and-share-target.md): the chosen
 * files with their uploads, the memories they are grouped into, and the draft kept after each
 * change. Uploads start as soon as files are chosen, three at a time.
 */

export type FileStatus = "waiting" | "uploading" | "uploaded" | "failed" | "refused" | "duplicate" | "needs-file";

export interface TripFileState extends DraftFile {
  status: FileStatus;
  percent: number;
  error?: string;
}

/** Refusals that another try cannot change: the file's type or size. */
const FINAL_STATUSES = new Set([400, 413, 415, 422]);

/** What is kept of a file in the draft: no progress, no passing error. */
function draftFile({ status: _status, percent: _percent, error: _error, ...kept }: TripFileState): DraftFile {
  return kept;
}

function restoredFile(file: DraftFile): TripFileState {
  const status: FileStatus = file.mediaId
    ? "uploaded"
    : file.duplicateOf
      ? "duplicate"
      : file.refused
        ? "refused"
        : "needs-file";
  return { ...file, status, percent: status === "uploaded" ? 100 : 0, error: file.refused };
}

/** A file that no longer holds up the memories: sent, skipped as known, or refused for good. */
export const settled = (file: TripFileState | undefined): boolean =>
  !!file && (file.status === "uploaded" || file.status === "duplicate" || file.status === "refused");

export interface Trip {
  files: Record<string, TripFileState>;
  groups: grouping.TripGroup[];
  savedGroups: string[];
  /** The device was asked for a draft (an offer, if any, is known). */
  ready: boolean;
  /** A draft of this timeline found on the device, not yet taken up or put aside. */
  offer: TripDraft | null;
  /** Files of the draft the person must choose again. */
  missing: number;
  /** The object URL of a chosen photo, for its thumbnail. */
  previewOf: (key: string) => string | null;
  choose: (files: File[]) => Promise<{ leftOut: number }>;
  chooseAgain: (files: File[]) => number;
  resume: () => void;
  startOver: () => Promise<void>;
  retry: (key: string) => void;
  setGroups: (change: (groups: grouping.TripGroup[]) => grouping.TripGroup[]) => void;
  editGroup: (id: string, patch: Partial<grouping.TripGroup>) => void;
  markSaved: (id: string) => void;
  finish: () => Promise<void>;
}

export function useTrip(userId: string | null, timelineId: string): Trip {
  const [files, setFiles] = useState<Record<string, TripFileState>>({});
  const [groups, setGroupsState] = useState<grouping.TripGroup[]>([]);
  const [savedGroups, setSavedGroups] = useState<string[]>([]);
  const [offer, setOffer] = useState<TripDraft | null>(null);
  const [ready, setReady] = useState(false);
  const startedAt = useRef(Date.now());
  const chosen = useRef(new Map<string, File>());
  const previews = useRef(new Map<string, string>());
  const queue = useMemo(() => createUploadQueue(), []);
  const filesRef = useRef(files);
  filesRef.current = files;
  const finished = useRef(false);

  // A draft left on this device for this timeline is offered, not forced.
  useEffect(() => {
    if (!userId) {
      setReady(true);
      return;
    }
    let live = true;
    void loadDraft(userId, timelineId).then((draft) => {
      if (!live) return;
      if (draft) setOffer(draft);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [userId, timelineId]);

  // After each change the draft is kept (half a second later, once).
  useEffect(() => {
    if (!userId || groups.length === 0 || finished.current) return;
    const timer = setTimeout(() => {
      if (finished.current) return;
      void saveDraft({
        userId,
        timelineId,
        startedAt: startedAt.current,
        files: Object.fromEntries(Object.entries(files).map(([key, file]) => [key, draftFile(file)])),
        groups,
        savedGroups,
      });
    }, 300);
    return () => clearTimeout(timer);
  }, [userId, timelineId, files, groups, savedGroups]);

  // Leaving the page stops the uploads (they resume from the server's offset) and frees the previews.
  useEffect(
    () => () => {
      queue.stop();
      for (const url of previews.current.values()) URL.revokeObjectURL(url);
    },
    [queue],
  );

  const update = useCallback((key: string, patch: Partial<TripFileState>) => {
    setFiles((all) => (all[key] ? { ...all, [key]: { ...all[key], ...patch } } : all));
  }, []);

  const upload = useCallback(
    (key: string) => {
      queue.add(key, async (signal) => {
        const file = chosen.current.get(key);
        if (!file) return;
        update(key, { status: "uploading", percent: 0, error: undefined });
        try {
          const duplicateOf = await findDuplicate(timelineId, file);
          if (signal.aborted) return;
          if (duplicateOf) return update(key, { status: "duplicate", duplicateOf, percent: 0 });
          const result = await uploadResumable(file, {
            signal,
            uploadUrl: filesRef.current[key]?.uploadUrl,
            onUploadUrl: (uploadUrl) => update(key, { uploadUrl }),
            onProgress: ({ percent }) => update(key, { percent }),
          });
          update(key, {
            status: "uploaded",
            percent: 100,
            mediaId: result.public_id,
            place: result.place ?? null,
            previewUrl: result.poster_url ?? (file.type.startsWith("image/") ? result.file_url : null),
          });
          // The place the server named fills the memory's Location while the person has not touched it.
          if (result.place) {
            const place = result.place;
            setGroupsState((all) =>
              all.map((g) =>
                g.keys.includes(key) && !g.locationTouched && !g.location ? { ...g, location: place } : g,
              ),
            );
          }
        } catch (error) {
          if (signal.aborted || (error instanceof DOMException && error.name === "AbortError")) return;
          const message = error instanceof Error ? error.message : "Failed to upload file: Upload failed";
          const final = error instanceof UploadRefusedError && FINAL_STATUSES.has(error.status);
          update(
            key,
            final ? { status: "refused", refused: message, error: message } : { status: "failed", error: message },
          );
        }
      });
    },
    [queue, timelineId, update],
  );

  const keep = useCallback((file: File) => {
    const key = fileKey(file);
    chosen.current.set(key, file);
    if (file.type.startsWith("image/") && !previews.current.has(key)) {
      previews.current.set(key, URL.createObjectURL(file));
    }
    return key;
  }, []);

  const choose = useCallback(
    async (picked: File[]) => {
      const fresh = photosAndVideos(picked).filter((file) => !filesRef.current[fileKey(file)]);
      const room = grouping.MAX_FILES - Object.keys(filesRef.current).length;
      const kept = fresh.slice(0, Math.max(0, room));
      const facts = await Promise.all(kept.map((file) => factsOf(file)));
      for (const file of kept) keep(file);
      setFiles((all) => ({
        ...all,
        ...Object.fromEntries(facts.map((f) => [f.key, { ...f, status: "waiting" as const, percent: 0 }])),
      }));
      setGroupsState((all) => grouping.addFiles(all, facts));
      setOffer(null);
      for (const f of facts) upload(f.key);
      return { leftOut: fresh.length - kept.length };
    },
    [keep, upload],
  );

  const chooseAgain = useCallback(
    (picked: File[]) => {
      let matched = 0;
      for (const file of picked) {
        const key = fileKey(file);
        const known = filesRef.current[key];
        if (!known || known.status !== "needs-file") continue;
        keep(file);
        matched += 1;
        update(key, { status: "waiting" });
        upload(key);
      }
      return matched;
    },
    [keep, update, upload],
  );

  const resume = useCallback(() => {
    if (!offer) return;
    startedAt.current = offer.startedAt;
    setFiles(Object.fromEntries(Object.entries(offer.files).map(([key, file]) => [key, restoredFile(file)])));
    setGroupsState(offer.groups);
    setSavedGroups(offer.savedGroups);
    setOffer(null);
  }, [offer]);

  const startOver = useCallback(async () => {
    if (userId) await deleteDraft(userId, timelineId);
    setOffer(null);
  }, [userId, timelineId]);

  const finish = useCallback(async () => {
    finished.current = true;
    queue.stop();
    if (userId) await deleteDraft(userId, timelineId);
  }, [queue, userId, timelineId]);

  return {
    files,
    groups,
    savedGroups,
    ready,
    offer,
    missing: Object.values(files).filter((f) => f.status === "needs-file").length,
    previewOf: (key) => previews.current.get(key) ?? files[key]?.previewUrl ?? null,
    choose,
    chooseAgain,
    resume,
    startOver,
    retry: (key) => {
      update(key, { status: "waiting", error: undefined });
      upload(key);
    },
    setGroups: (change) => setGroupsState(change),
    editGroup: (id, patch) => setGroupsState((all) => all.map((g) => (g.id === id ? { ...g, ...patch } : g))),
    markSaved: (id) => setSavedGroups((all) => (all.includes(id) ? all : [...all, id])),
    finish,
  };
}
