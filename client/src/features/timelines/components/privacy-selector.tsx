import { useId } from "react";
import { GlobeIcon, LockIcon, UsersIcon } from "../../../components/ui/icons";
import type { Privacy } from "../../../gql/graphql";
import { nobodyElseAnyTier, ONLY_YOU_TWO_WHATEVER } from "../lib/audience-text";
import { privacyExplanation, privacyOptions } from "../lib/privacy";
import { AudienceLine } from "./audience-line";
import styles from "./privacy-selector.module.css";

const icons: Record<Privacy, typeof LockIcon> = { PRIVATE: LockIcon, SEMI_PRIVATE: UsersIcon, PUBLIC: GlobeIcon };

interface PrivacySelectorProps {
  value: Privacy;
  onChange: (value: Privacy) => void;
  /** The other person, named in the explanation. */
  otherName?: string | null;
  disabled?: boolean;
  /** Who each tier lets in right now, shown under it (docs/decisions/025-audience-preview.md). */
  audience?: Partial<Record<Privacy, string>>;
}

/** The privacy tiers as radio cards, with an info box saying exactly who will see the timeline. */
export function PrivacySelector({ value, onChange, otherName, disabled, audience: perTier }: PrivacySelectorProps) {
  const name = useId();
  const infoId = `${name}-info`;
  // With no connections on either side every tier lets in only the two: said once, not three times.
  const alone = !!perTier && nobodyElseAnyTier(perTier);
  const audience = alone ? undefined : perTier;
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>Who can see this timeline?</legend>
      <div className={styles.options}>
        {privacyOptions.map((option) => {
          const Icon = icons[option.value];
          const checked = option.value === value;
          const audienceId = `${name}-${option.value}-audience`;
          const describedBy = [audience ? audienceId : null, checked ? infoId : null].filter(Boolean).join(" ");
          // With the audience shown, Private's line ("Only you two") says what its hint says: one, not both.
          const hint = audience && option.value === "PRIVATE" ? null : option.hint;
          return (
            <label key={option.value} className={checked ? `${styles.option} ${styles.checked}` : styles.option}>
              <input
                type="radio"
                className={styles.radio}
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                aria-describedby={describedBy || undefined}
              />
              <Icon size={20} />
              <span className={styles.text}>
                <span className={styles.label}>{option.label}</span>
                {hint && <span className={styles.hint}>{hint}</span>}
                {audience && <AudienceLine id={audienceId} text={audience[option.value]} />}
              </span>
            </label>
          );
        })}
      </div>
      {alone ? <p className={styles.alone}>{ONLY_YOU_TWO_WHATEVER}</p> : null}
      <p id={infoId} className={styles.info} aria-live="polite">
        {privacyExplanation(value, otherName)}
      </p>
    </fieldset>
  );
}
