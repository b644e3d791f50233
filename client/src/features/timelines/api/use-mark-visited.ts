import { useEffect, useRef } from "react";
import { useMarkTimelineVisitedMutation } from "../../../gql/graphql";
import { useOnline } from "../../../lib/use-online";

/**
 * Tells the server once per opening of a timeline that its participant saw it
 * (docs/decisions/055-reminders-invite-links-and-new-marks.md). The answer sets the cached card's
 * `newMemoryCount` to 0; the strip's marks stay for this visit (they were read before it) and are
 * gone at the next read. A failure changes nothing the person sees, so it is not shown. Offline it
 * waits for the connection: the person did not ask for anything, so "You're offline" would be noise.
 */
export function useMarkTimelineVisited(timelineId: string, enabled: boolean): void {
  const [mark] = useMarkTimelineVisitedMutation();
  const online = useOnline();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !online || !timelineId || marked.current === timelineId) return;
    marked.current = timelineId;
    mark({ variables: { timelineId } }).catch(() => undefined);
  }, [enabled, online, timelineId, mark]);
}
