import { CombinedGraphQLErrors } from "@apollo/client";
import { ALREADY_IN_TIMELINE } from "@keepsake/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useCreateMemoryMutation } from "../../../gql/graphql";
import { serverMessageOf } from "../../../lib/server-message";
import { placeMemoryInTimeline } from "../api/memory-cache";
import { ADD_MEMORY_ERROR } from "../lib/messages";
import { settled, type Trip } from "./use-trip";

export interface GroupProblem {
  message: string;
  /** The memory of this timeline that already holds one of its photos. */
  duplicateOf?: string;
}

/**
 * "Save all" (docs/decisions/058-add-many-and-share-target.md): each memory is made with its
 * `mediaIds` as soon as all of its files are uploaded (skipping those already in the timeline or
 * refused for good), one after another; `onDone` once every memory is made.
 */
export function useSaveAll(trip: Trip, timelineId: string, onDone: (memories: number, media: number) => void) {
  const [createMemory] = useCreateMemoryMutation();
  const [requested, setRequested] = useState(false);
  const [problems, setProblems] = useState<Record<string, GroupProblem>>({});
  const problemsRef = useRef(problems);
  const busy = useRef(false);
  const made = useRef({ memories: 0, media: 0 });
  const latest = useRef(trip);
  latest.current = trip;

  const step = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      for (;;) {
        const { groups, files, savedGroups } = latest.current;
        const pending = groups.filter((g) => !savedGroups.includes(g.id));
        if (pending.length === 0) {
          setRequested(false);
          onDone(made.current.memories, made.current.media);
          return;
        }
        const ready = pending.find((g) => g.keys.every((key) => settled(files[key])) && !problemsRef.current[g.id]);
        if (!ready) return;
        const mediaIds = ready.keys.flatMap((key) => (files[key]?.status === "uploaded" ? [files[key].mediaId!] : []));
        if (mediaIds.length === 0) {
          // every file of it is already in the timeline or was refused: nothing to make
          latest.current.markSaved(ready.id);
          latest.current = { ...latest.current, savedGroups: [...savedGroups, ready.id] };
          continue;
        }
        try {
          await createMemory({
            variables: {
              input: {
                timelineId,
                mediaIds,
                caption: ready.caption.trim(),
                location: ready.location.trim(),
                memoryDate: ready.day,
                meaning: ready.meaning.trim(),
              },
            },
            update(cache, result) {
              const memory = result.data?.createMemory.memory;
              if (memory) placeMemoryInTimeline(cache, memory);
            },
          });
          made.current.memories += 1;
          made.current.media += mediaIds.length;
          latest.current.markSaved(ready.id);
          latest.current = { ...latest.current, savedGroups: [...latest.current.savedGroups, ready.id] };
        } catch (failure) {
          const duplicateOf = duplicateIn(failure);
          const problem = duplicateOf
            ? { message: ALREADY_IN_TIMELINE, duplicateOf }
            : { message: serverMessageOf(failure, ADD_MEMORY_ERROR) };
          problemsRef.current = { ...problemsRef.current, [ready.id]: problem };
          setProblems(problemsRef.current);
          setRequested(false);
          return;
        }
      }
    } finally {
      busy.current = false;
    }
  }, [createMemory, onDone, timelineId]);

  // While Save all is asked for, every change (an upload done) may let another memory be made.
  useEffect(() => {
    if (requested) void step();
  }, [requested, trip.files, trip.groups, trip.savedGroups, step]);

  return {
    saving: requested,
    problems,
    saveAll: () => {
      problemsRef.current = {};
      setProblems({});
      setRequested(true);
    },
  };
}

/** The memory that already holds the media of a refused add (409 CONFLICT with `duplicate_of`). */
function duplicateIn(failure: unknown): string | null {
  if (!CombinedGraphQLErrors.is(failure)) return null;
  const extensions = failure.errors[0]?.extensions;
  const id = extensions?.code === "CONFLICT" ? extensions.duplicate_of : null;
  return typeof id === "string" ? id : null;
}
