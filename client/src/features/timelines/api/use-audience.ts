import { skipToken } from "@apollo/client/react";
import {
  useAudiencePreviewsQuery,
  useTimelineAudiencesQuery,
  type AudienceLine_AudienceFragment,
  type Privacy,
} from "../../../gql/graphql";
import type { Collaborator } from "../components/collaborator-picker";
import { audienceText, ONLY_YOU_TWO } from "../lib/audience-text";
import { useDebouncedValue } from "../lib/use-debounced-value";

/** The line under each tier; a tier without one is still loading (or could not be loaded). */
export type AudienceTexts = Partial<Record<Privacy, string>>;

/** How long the collaborator must stay the same before the preview is asked for. */
export const AUDIENCE_DEBOUNCE_MS = 400;

interface AudienceData {
  semiPrivate: AudienceLine_AudienceFragment;
  public: AudienceLine_AudienceFragment;
}

function textsOf(data: AudienceData | undefined): AudienceTexts {
  if (!data) return { PRIVATE: ONLY_YOU_TWO };
  return {
    PRIVATE: ONLY_YOU_TWO,
    SEMI_PRIVATE: audienceText(data.semiPrivate.count, data.semiPrivate.known),
    PUBLIC: audienceText(data.public.count, data.public.known),
  };
}

/**
 * Timeline Settings, and a request to widen as its other person sees it: who each tier lets in for
 * this timeline (its participants only may ask). Both of the two see the same count; each is
 * named only the people they know themselves (docs/decisions/025-audience-preview.md).
 */
export function useTimelineAudience(timelineId: string, enabled = true): AudienceTexts {
  const { data } = useTimelineAudiencesQuery(
    enabled ? { variables: { id: timelineId }, fetchPolicy: "cache-and-network" } : skipToken,
  );
  return textsOf(data);
}

/** Create Timeline: who each tier would let in with this collaborator, asked once the choice settles. */
export function useAudiencePreview(collaborator: Collaborator | null, enabled = true): AudienceTexts {
  const key =
    collaborator?.kind === "user"
      ? `id:${collaborator.user.id}`
      : collaborator?.kind === "email"
        ? `email:${collaborator.email}`
        : "";
  const settled = useDebouncedValue(key, AUDIENCE_DEBOUNCE_MS);
  const variables = settled.startsWith("id:")
    ? { collaboratorId: settled.slice(3) }
    : settled.startsWith("email:")
      ? { collaboratorEmail: settled.slice(6) }
      : {};
  const { data } = useAudiencePreviewsQuery(enabled && settled === key ? { variables } : skipToken);
  return textsOf(settled === key ? data : undefined);
}
