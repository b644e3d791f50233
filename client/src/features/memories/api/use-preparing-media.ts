import { useMemoryMediaStatusQuery } from "../../../gql/graphql";

/** How often a memory whose video is being prepared is asked again. */
export const PREPARING_POLL_MS = 5000;

/**
 * While a memory's video is PREPARING, asks the server for it every few seconds; the answer
 * updates the cached Media, so the viewer (and the strip) show the playable video by themselves.
 */
export function usePreparingMedia(memoryId: string, preparing: boolean): void {
  useMemoryMediaStatusQuery({
    variables: { id: memoryId },
    skip: !preparing,
    pollInterval: PREPARING_POLL_MS,
    fetchPolicy: "network-only",
  });
}
