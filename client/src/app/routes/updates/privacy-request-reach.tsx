import { useTimelineAudience } from "../../../features/timelines/api/use-audience";
import { audienceIfAgreed } from "../../../features/timelines/lib/privacy-consent";
import type { Privacy } from "../../../gql/graphql";
import styles from "./updates-screen.module.css";

/**
 * On a request to widen in Updates: who could see the timeline if they agree, the audience the
 * asker saw, naming only people this person knows (docs/decisions/037-each-voice-its-authors.md).
 */
export function PrivacyRequestReach({ timelineId, privacy }: { timelineId: string; privacy: Privacy }) {
  const reach = useTimelineAudience(timelineId)[privacy];
  return reach ? <p className={styles.reach}>{audienceIfAgreed(reach)}</p> : null;
}
