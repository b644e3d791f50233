import { MEMORY_MEDIA_MAX, TOO_MANY_MEDIA } from "@keepsake/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MediaType } from "../../../gql/graphql";
import { findDuplicate } from "./find-duplicate";
import { isAbortError, uploadMedia } from "./upload-file";
import { DuplicateMediaError, mediaTypeOf, type UploadedMedia, type UploadStatus } from "./use-media-upload";

/** A photo or video of the memory being written: one already on it, or a file chosen now. */
export interface MediaItem {
  key: string;
  type: MediaType;
  /** The chosen file (null for one already on the memory). */
  file: File | null;
  /** An object URL of the chosen file, for its preview. */
  previewUrl: string | null;
  /** The server's picture of it: a current one's thumbnail, an upload's display image or poster. */
  serverPreviewUrl: string | null;
  /** The media's id: known for one already on the memory, and once an upload is done. */
  mediaId: string | null;
  status: UploadStatus;
  progress: number;
  error: string | null;
  retryable: boolean;
  /** The memory of the timeline that already holds this file (status "duplicate"). */
  duplicateOf: string | null;
  /** What the server read from the upload (capture time, place). */
  uploaded: UploadedMedia | null;
}

/** A photo or video already on the memory (Edit Memory). */
export interface CurrentMediaItem {
  id: string;
  type: MediaType;
  url: string | null;
  thumbUrl?: string | null;
  posterUrl?: string | null;
}

let keys = 0;
const nextKey = () => `item-${++keys}`;

function currentItem(media: CurrentMediaItem): MediaItem {
  return {
    key: `current-${media.id}`,
    type: media.type,
    file: null,
    previewUrl: null,
    serverPreviewUrl: media.thumbUrl ?? media.posterUrl ?? media.url,
    mediaId: media.id,
    status: "uploaded",
    progress: 100,
    error: null,
    retryable: false,
    duplicateOf: null,
    uploaded: null,
  };
}

/**
 * The photos and videos of Add/Edit Memory, in order, the first the cover
 * (docs/decisions/051-several-photos-per-memory.md): 1 to MEMORY_MEDIA_MAX. Each chosen file
 * uploads at once with its own progress (as `useMediaUpload` does for one, whose duplicate check
 * it shares); `whenUploaded()` waits for them all and answers the ids in order.
 */
export function useMediaList(timelineId?: string, current: readonly CurrentMediaItem[] = []) {
  const [items, setItems] = useState<MediaItem[]>(() => current.map(currentItem));
  const [notice, setNotice] = useState<string | null>(null);
  const jobs = useRef(new Map<string, { controller: AbortController; promise: Promise<UploadedMedia> }>());
  const initial = useRef(current.map((m) => m.id));

  const patch = useCallback((key: string, change: Partial<MediaItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (key: string, file: File): Promise<UploadedMedia> => {
      jobs.current.get(key)?.controller.abort();
      const controller = new AbortController();
      const type = mediaTypeOf(file);
      const known = timelineId ? findDuplicate(timelineId, file) : Promise.resolve(null);
      const promise = known
        .then((memoryId) => {
          if (memoryId) throw new DuplicateMediaError(memoryId);
          return uploadMedia(file, {
            signal: controller.signal,
            onProgress: ({ percent }) => {
              if (!controller.signal.aborted) patch(key, { progress: percent });
            },
          });
        })
        .then(
          (result) => {
            const uploaded = {
              mediaId: result.public_id,
              takenAt: result.taken_at ?? null,
              place: result.place ?? null,
            };
            if (!controller.signal.aborted) {
              patch(key, {
                status: "uploaded",
                progress: 100,
                mediaId: result.public_id,
                uploaded,
                serverPreviewUrl: type === "VIDEO" ? (result.poster_url ?? null) : result.file_url,
              });
            }
            return uploaded;
          },
          (failure: unknown) => {
            if (failure instanceof DuplicateMediaError) {
              if (!controller.signal.aborted) patch(key, { status: "duplicate", duplicateOf: failure.memoryId });
            } else if (!controller.signal.aborted && !isAbortError(failure)) {
              patch(key, {
                status: "failed",
                error: failure instanceof Error ? failure.message : String(failure),
                retryable: (failure as { retryable?: boolean }).retryable !== false,
              });
            }
            throw failure;
          },
        );
      promise.catch(() => {});
      jobs.current.set(key, { controller, promise });
      return promise;
    },
    [timelineId, patch],
  );

  const fresh = (file: File): MediaItem => ({
    key: nextKey(),
    type: mediaTypeOf(file),
    file,
    previewUrl: URL.createObjectURL(file),
    serverPreviewUrl: null,
    mediaId: null,
    status: "uploading",
    progress: 0,
    error: null,
    retryable: true,
    duplicateOf: null,
    uploaded: null,
  });

  /**
   * Adds files after the others (`replace`: in place of the item with that key); past
   * MEMORY_MEDIA_MAX the rest are left out with a notice. Answers each added file's upload.
   */
  const add = useCallback(
    (files: readonly File[], replace?: string): Promise<UploadedMedia>[] => {
      const room = MEMORY_MEDIA_MAX - items.length + (replace ? 1 : 0);
      const taken = files.slice(0, Math.max(0, room));
      setNotice(files.length > taken.length ? TOO_MANY_MEDIA : null);
      if (!taken.length) return [];
      const added = taken.map(fresh);
      setItems((list) => {
        if (!replace) return [...list, ...added];
        const at = list.findIndex((item) => item.key === replace);
        if (at < 0) return [...list, ...added];
        return [...list.slice(0, at), ...added, ...list.slice(at + 1)];
      });
      if (replace) drop(replace);
      return added.map((item) => start(item.key, item.file!));
    },
    [items, start],
  );

  /** Stops an item's upload and frees its preview. */
  function drop(key: string) {
    jobs.current.get(key)?.controller.abort();
    jobs.current.delete(key);
    const item = items.find((x) => x.key === key);
    if (item?.previewUrl) URL.revokeObjectURL(item.previewUrl);
  }

  const remove = useCallback(
    (key: string) => {
      drop(key);
      setNotice(null);
      setItems((list) => list.filter((item) => item.key !== key));
    },
    [items],
  );

  /** Moves an item earlier (-1) or later (+1); the first is the cover. */
  const move = useCallback((key: string, by: -1 | 1) => {
    setItems((list) => {
      const from = list.findIndex((item) => item.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
  }, []);

  const retry = useCallback(
    (key: string) => {
      const item = items.find((x) => x.key === key);
      if (!item?.file) return;
      patch(key, { status: "uploading", progress: 0, error: null, duplicateOf: null });
      void start(key, item.file).catch(() => {});
    },
    [items, patch, start],
  );

  /** The ids in order once every chosen file is uploaded; rejects when one failed. */
  const whenUploaded = useCallback(async (): Promise<string[]> => {
    const ids = await Promise.all(
      items.map(async (item) => item.mediaId ?? (await jobs.current.get(item.key)!.promise).mediaId),
    );
    return ids;
  }, [items]);

  useEffect(() => {
    const running = jobs.current;
    return () => {
      for (const job of running.values()) job.controller.abort();
    };
  }, []);

  const pending = items.some((item) => item.status === "uploading");
  const failed = items.some((item) => item.status === "failed" || item.status === "duplicate");
  const changed =
    items.length !== initial.current.length ||
    items.some((item, i) => item.mediaId !== initial.current[i] || !!item.file);
  return { items, notice, pending, failed, changed, add, remove, move, retry, whenUploaded };
}
