import type { YearStop } from "../lib/strip-marks";
import styles from "./year-scrubber.module.css";

interface YearScrubberProps {
  stops: readonly YearStop[];
  current?: YearStop;
  onJump: (stop: YearStop) => void;
}

/** A row of years under the strip: one tap jumps to the first memory of that year. */
export function YearScrubber({ stops, current, onJump }: YearScrubberProps) {
  return (
    <nav className={styles.scrubber} aria-label="Jump to year">
      <ul className={styles.years}>
        {stops.map((stop) => (
          <li key={stop.label}>
            <button
              type="button"
              className={styles.year}
              aria-current={stop === current ? "true" : undefined}
              onClick={() => onJump(stop)}
            >
              {stop.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
