import { useEffect } from "react";
import { useInView } from "react-intersection-observer";
import type { Pages } from "../../lib/use-pages";
import { Button } from "./button";
import styles from "./load-more.module.css";

interface LoadMoreProps {
  pages: Pick<Pages<unknown>, "hasMore" | "loadMore" | "loadingMore" | "loadMoreFailed">;
  /**
   * "sentinel" (default): the next page loads by itself when this end of the list comes within
   * a screen of view (IntersectionObserver), with a button for keyboards and old browsers;
   * "button": only the button ("Load more" on Updates).
   */
  mode?: "sentinel" | "button";
  /** The list scrolls sideways (the timeline strip): watch the horizontal margin. */
  horizontal?: boolean;
}

/** The end of a paged list (docs/decisions/024-paged-reads.md): nothing once every page is read. */
export function LoadMore({ pages, mode = "sentinel", horizontal = false }: LoadMoreProps) {
  const auto = mode === "sentinel" && !pages.loadMoreFailed;
  const { ref, inView } = useInView({
    skip: !auto || !pages.hasMore,
    rootMargin: horizontal ? "0px 600px 0px 600px" : "600px 0px 600px 0px",
    fallbackInView: false,
  });
  const { hasMore, loadingMore, loadMore } = pages;
  // again after each page while this end is still in view (a short page, a tall screen)
  useEffect(() => {
    if (auto && inView && hasMore && !loadingMore) loadMore();
  }, [auto, inView, hasMore, loadingMore, loadMore]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className={horizontal ? styles.side : styles.below} data-testid="load-more">
      <Button variant="secondary" busy={pages.loadingMore} busyLabel="Loading more..." onClick={pages.loadMore}>
        {pages.loadMoreFailed ? "Couldn't load more. Try again" : "Load more"}
      </Button>
    </div>
  );
}
