import { useCallback, useState } from "react";
import { useSetHighlightsMutation } from "../../../gql/graphql";
import { serverMessageOf } from "../../../lib/server-message";

export const SAVE_HIGHLIGHTS_FAILED = "Couldn't save your highlights. Please try again.";

/**
 * Saves one's highlights (docs/decisions/053-highlights.md). The answer is the person with their
 * new highlights, so every query of them (`me`, `user`) shows the new order from the cache.
 */
export function useSaveHighlights() {
  const [mutate, { loading }] = useSetHighlightsMutation();
  const [error, setError] = useState<string | null>(null);
  const save = useCallback(
    async (memoryIds: string[]) => {
      setError(null);
      try {
        await mutate({ variables: { memoryIds } });
      } catch (failure) {
        setError(serverMessageOf(failure, SAVE_HIGHLIGHTS_FAILED));
      }
    },
    [mutate],
  );
  return { save, saving: loading, error };
}
