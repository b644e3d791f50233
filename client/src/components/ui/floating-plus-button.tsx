import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import styles from "./floating-plus-button.module.css";
import { PlusIcon } from "./icons";

interface FloatingPlusButtonProps {
  /** Where it leads; by default Create Timeline. */
  to?: string;
  label?: string;
  /** The icon; a plus by default (the public profile's button shows a person). */
  icon?: ReactNode;
}

export function FloatingPlusButton({
  to = "/app/create-timeline",
  label = "Create timeline",
  icon,
}: FloatingPlusButtonProps) {
  return (
    <Link to={to} className={styles.fab} aria-label={label} title={label}>
      {icon ?? <PlusIcon size={28} />}
    </Link>
  );
}
