import { useRef, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { OFFLINE_REASON_ID, useNeedsConnection } from "../../lib/use-online";
import { useStepAside } from "../../lib/use-step-aside";
import styles from "./floating-plus-button.module.css";
import { PlusIcon } from "./icons";

interface FloatingPlusButtonProps {
  /** Where it leads; by default Create Timeline. */
  to?: string;
  label?: string;
  /** The icon; a plus by default (the public profile's button shows a person). */
  icon?: ReactNode;
  /**
   * What it must never cover (a CSS selector, e.g. the connection web's people): while it would,
   * it steps aside (hidden, out of the tab order) and comes back once scrolling or panning clears.
   */
  avoid?: string;
  /** Offline, it leads nowhere and says why (by default: creating a timeline needs the network). */
  needsNetwork?: boolean;
}

export function FloatingPlusButton({
  to = "/app/create-timeline",
  label = "Create timeline",
  icon,
  avoid,
  needsNetwork = true,
}: FloatingPlusButtonProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  const covering = useStepAside(ref, avoid);
  const locked = useNeedsConnection(needsNetwork);
  return (
    <Link
      ref={ref}
      to={to}
      className={styles.fab}
      aria-label={label}
      title={locked ? `${label}: needs a connection` : label}
      aria-disabled={locked || undefined}
      aria-describedby={locked ? OFFLINE_REASON_ID : undefined}
      onClick={locked ? (event) => event.preventDefault() : undefined}
      data-testid="floating-button"
      data-stepped-aside={covering || undefined}
    >
      {icon ?? <PlusIcon size={28} />}
    </Link>
  );
}
