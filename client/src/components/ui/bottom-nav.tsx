import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import styles from "./bottom-nav.module.css";

export interface BottomNavItem {
  key: string;
  label: string;
  icon: ReactNode;
  /** A route to link to, or… */
  to?: string;
  /** …an in-page action (e.g. the public profile's tabs). */
  onSelect?: () => void;
  /** "page": this exact screen; "section": a screen within this tab. */
  current?: "page" | "section" | false;
  /** Shown over the icon, e.g. an UnreadBadge. */
  badge?: ReactNode;
}

interface BottomNavProps {
  label: string;
  items: BottomNavItem[];
}

/** The fixed bottom navigation bar, kept to the phone-width column. */
export function BottomNav({ label, items }: BottomNavProps) {
  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.list}>
        {items.map((item) => {
          const className = item.current ? `${styles.item} ${styles.active}` : styles.item;
          const ariaCurrent = item.current === "page" ? "page" : item.current === "section" ? "true" : undefined;
          const content = (
            <>
              {/* Label first so the accessible name reads "Updates 3 unread"; CSS puts the icon on top. */}
              <span>{item.label}</span>{" "}
              <span className={styles.iconWrap}>
                {item.icon}
                {item.badge ? <span className={styles.badge}>{item.badge}</span> : null}
              </span>
            </>
          );
          return (
            <li key={item.key}>
              {item.to !== undefined ? (
                <Link to={item.to} className={className} aria-current={ariaCurrent}>
                  {content}
                </Link>
              ) : (
                <button type="button" className={className} aria-current={ariaCurrent} onClick={item.onSelect}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
