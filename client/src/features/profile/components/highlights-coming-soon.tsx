import { useId } from "react";
import { HeartIcon } from "../../../components/ui/icons";
import styles from "./highlights-coming-soon.module.css";

/** The Highlights tab (docs/product.md §2): a "Coming Soon" placeholder with three empty tiles. */
export function HighlightsComingSoon() {
  const titleId = useId();
  return (
    <section className={styles.highlights} aria-labelledby={titleId}>
      <div className={styles.tiles} aria-hidden="true">
        <span className={styles.tile} />
        <span className={styles.tile} />
        <span className={styles.tile} />
      </div>
      <span className={styles.icon} aria-hidden="true">
        <HeartIcon size={22} />
      </span>
      <h2 id={titleId} className={styles.title}>
        Coming Soon
      </h2>
      <p className={styles.text}>Choose your favorite memories to feature them here.</p>
    </section>
  );
}
