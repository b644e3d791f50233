import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./profile-tabs.module.css";

export type ProfileTab = "web" | "highlights";

const tabs: { key: ProfileTab; label: string }[] = [
  { key: "web", label: "Profile Web" },
  { key: "highlights", label: "Highlights" },
];

/**
 * The profile's two tabs (docs/product.md §2, §4): "Profile Web" and "Highlights". An ARIA tab list: arrow
 * keys, Home and End move between the tabs.
 */
export function ProfileTabs({ web, highlights }: { web: ReactNode; highlights: ReactNode }) {
  const [selected, setSelected] = useState<ProfileTab>("web");
  const baseId = useId();
  const tabRefs = useRef<Record<ProfileTab, HTMLButtonElement | null>>({ web: null, highlights: null });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (index + 1) % tabs.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    setSelected(key);
    tabRefs.current[key]?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label="Profile sections" className={styles.list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[tab.key] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.key}-tab`}
            aria-controls={`${baseId}-${tab.key}-panel`}
            aria-selected={selected === tab.key}
            tabIndex={selected === tab.key ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-${tab.key}-panel`}
          aria-labelledby={`${baseId}-${tab.key}-tab`}
          hidden={selected !== tab.key}
          className={styles.panel}
        >
          {selected === tab.key ? (tab.key === "web" ? web : highlights) : null}
        </div>
      ))}
    </div>
  );
}
