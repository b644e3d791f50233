import { useLayoutEffect, useRef, useState } from "react";
import styles from "./expandable-caption.module.css";

interface ExpandableCaptionProps {
  id: string;
  text: string;
  untitled?: boolean;
}

/**
 * A memory's caption as body text, clamped to a few lines with a "more" button when it is longer
 * (docs/decisions/018-viewer-and-strip.md). The clamp is measured, so a short caption never
 * shows the button.
 */
export function ExpandableCaption({ id, text, untitled = false }: ExpandableCaptionProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  const className = [styles.caption, expanded ? "" : styles.clamped, untitled ? styles.untitled : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={styles.wrap}>
      <p id={id} ref={ref} className={className}>
        {text}
      </p>
      {overflows && !expanded ? (
        <button type="button" className={styles.more} onClick={() => setExpanded(true)} aria-controls={id}>
          more
        </button>
      ) : null}
    </div>
  );
}
