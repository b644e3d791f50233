import { Link } from "react-router-dom";
import styles from "./floating-plus-button.module.css";
import { PlusIcon } from "./icons";

interface FloatingPlusButtonProps {
  /** Where it leads; by default Create Timeline. */
  to?: string;
  label?: string;
}

export function FloatingPlusButton({
  to = "/app/create-timeline",
  label = "Create timeline",
}: FloatingPlusButtonProps) {
  return (
    <Link to={to} className={styles.fab} aria-label={label} title={label}>
      <PlusIcon size={28} />
    </Link>
  );
}
