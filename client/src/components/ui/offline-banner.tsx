import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { useSavedForOffline } from "../../lib/offline-ready";
import { OFFLINE_REASON_ID, useOnline } from "../../lib/use-online";
import styles from "./offline-banner.module.css";

/** The banner's height, for what must stay clear of it (the toasts: ./toaster.tsx). */
export const OFFLINE_BANNER_HEIGHT = "--offline-banner-height";

/** Publishes the element's height on the document while it is shown, 0 once it is gone. */
function usePublishedHeight(ref: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement.style;
    if (!shown || !el) return;
    const publish = () => root.setProperty(OFFLINE_BANNER_HEIGHT, `${el.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(publish) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeProperty(OFFLINE_BANNER_HEIGHT);
    };
  }, [ref, shown]);
}

/**
 * "Offline" above a signed-in screen while the device is offline, or when the app was opened
 * without reaching the server: what is shown is what this device kept, read-only
 * (docs/decisions/020-offline-and-feedback.md).
 */
export function OfflineBanner({ bootedOffline = false }: { bootedOffline?: boolean }) {
  const online = useOnline();
  // Booted offline, then the browser reported the connection back: the kept data is no longer all there is.
  const [reconnected, setReconnected] = useState(false);
  useEffect(() => {
    if (!online) setReconnected(false);
    const onOnline = () => setReconnected(true);
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [online]);
  const shown = !(online && (!bootedOffline || reconnected));
  const ref = useRef<HTMLDivElement>(null);
  usePublishedHeight(ref, shown);
  if (!shown) return null;
  return (
    <div ref={ref} className={styles.banner} role="status" data-testid="offline-banner">
      <strong className={styles.title}>Offline</strong>
      <span className={styles.text} id={OFFLINE_REASON_ID}>
        Showing what you saw last. Changes need a connection.
      </span>
    </div>
  );
}

/**
 * "Saved for offline", said once above the bottom navigation when the app is ready offline
 * (docs/decisions/036-offline-truth-and-memory-urls.md). A quiet note, not a toast: it covers no
 * control and takes no tap, so nothing under it waits for it to go.
 */
export function SavedForOffline() {
  const shown = useSavedForOffline();
  return (
    <p className={styles.savedRegion} role="status">
      {shown ? <span className={styles.saved}>Saved for offline</span> : null}
    </p>
  );
}
