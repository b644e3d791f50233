import { Link } from "react-router-dom";
import { ArrowLeftIcon } from "./icons";
import styles from "./back-link.module.css";

/** A quiet "← label" link at the top of a screen. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={styles.back}>
      <ArrowLeftIcon size={20} />
      <span>{label}</span>
    </Link>
  );
}
