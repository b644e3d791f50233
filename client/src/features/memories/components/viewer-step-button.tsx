import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/ui/icons";
import styles from "./memory-viewer.module.css";

interface ViewerStepButtonProps {
  step: -1 | 1;
  /** At the first (or last) memory: still pressable, it answers with a bounce. */
  atEdge: boolean;
  onStep: () => void;
  /** Beside the photo (desktop) rather than in the top bar. */
  side?: boolean;
}

/**
 * "Previous memory" / "Next memory". At either end it is `aria-disabled` rather than `disabled`,
 * so it keeps focus and a press gives the viewer's bounce instead of nothing
 * (docs/decisions/059-immersive-viewer.md).
 */
export function ViewerStepButton({ step, atEdge, onStep, side = false }: ViewerStepButtonProps) {
  return (
    <button
      type="button"
      className={side ? styles.sideButton : styles.navButton}
      data-side={side ? (step < 0 ? "previous" : "next") : undefined}
      onClick={onStep}
      aria-disabled={atEdge || undefined}
      aria-label={step < 0 ? "Previous memory" : "Next memory"}
    >
      {step < 0 ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </button>
  );
}
