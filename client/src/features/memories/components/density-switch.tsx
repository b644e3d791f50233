import type { TimelineDensity } from "./use-timeline-density";
import styles from "./density-switch.module.css";

const CHOICES: readonly { value: TimelineDensity; label: string }[] = [
  { value: "strip", label: "Strip" },
  { value: "days", label: "Days" },
];

interface DensitySwitchProps {
  value: TimelineDensity;
  onChange: (next: TimelineDensity) => void;
}

/**
 * A small segmented control: the memories on the strip or in a grid by day
 * (docs/decisions/057-density-switch.md). Two toggle buttons (`aria-pressed`), each a full touch target.
 */
export function DensitySwitch({ value, onChange }: DensitySwitchProps) {
  return (
    <div className={styles.switch} role="group" aria-label="Show memories as">
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          className={styles.choice}
          aria-pressed={value === choice.value}
          onClick={() => {
            if (value !== choice.value) onChange(choice.value);
          }}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
