import { useId } from "react";
import { GlobeIcon, LockIcon, UsersIcon } from "../../../components/ui/icons";
import type { Privacy } from "../../../gql/graphql";
import { useTimelineAudience } from "../api/use-audience";
import { memoryPrivacyChoices } from "../lib/memory-privacy";
import { AudienceLine } from "./audience-line";
import styles from "./privacy-selector.module.css";

const icons: Record<Privacy, typeof LockIcon> = { PRIVATE: LockIcon, SEMI_PRIVATE: UsersIcon, PUBLIC: GlobeIcon };

interface MemoryPrivacySelectorProps {
  timelineId: string;
  /** The timeline's tier: a memory may be narrower, never wider (docs/decisions/052-memory-privacy.md). */
  timelinePrivacy: Privacy;
  /** The memory's own tier; null = the same as the timeline. */
  value: Privacy | null;
  onChange: (value: Privacy | null) => void;
  disabled?: boolean;
  /** A note under the choices (e.g. a wider tier waiting for the other person). */
  note?: string | null;
}

/**
 * "Who can see this memory" on Add Memory and Edit Memory: the same as the timeline (the default),
 * or a narrower tier, each with the line saying who it lets in right now
 * (docs/decisions/025-audience-preview.md), as the timeline screens show it.
 */
export function MemoryPrivacySelector({
  timelineId,
  timelinePrivacy,
  value,
  onChange,
  disabled,
  note,
}: MemoryPrivacySelectorProps) {
  const name = useId();
  const audience = useTimelineAudience(timelineId);
  const choices = memoryPrivacyChoices(timelinePrivacy);
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>Who can see this memory</legend>
      <div className={styles.options}>
        {choices.map((choice) => {
          const Icon = icons[choice.tier];
          const checked = choice.value === value || (choice.value === null && value === timelinePrivacy);
          const audienceId = `${name}-${choice.value ?? "timeline"}-audience`;
          return (
            <label
              key={choice.value ?? "timeline"}
              className={checked ? `${styles.option} ${styles.checked}` : styles.option}
            >
              <input
                type="radio"
                className={styles.radio}
                name={name}
                value={choice.value ?? ""}
                checked={checked}
                onChange={() => onChange(choice.value)}
                aria-describedby={audienceId}
              />
              <Icon size={20} />
              <span className={styles.text}>
                <span className={styles.label}>{choice.label}</span>
                <span className={styles.hint}>{choice.hint}</span>
                <AudienceLine id={audienceId} text={audience[choice.tier]} />
              </span>
            </label>
          );
        })}
      </div>
      {note ? (
        <p className={styles.info} aria-live="polite">
          {note}
        </p>
      ) : null}
    </fieldset>
  );
}
