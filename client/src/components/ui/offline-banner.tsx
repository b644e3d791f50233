import { useEffect, useState } from "react";
import { useOnline } from "../../lib/use-online";
import styles from "./offline-banner.module.css";

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
  if (online && (!bootedOffline || reconnected)) return null;
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      <strong className={styles.title}>Offline</strong>
      <span className={styles.text}>Showing what you saw last. Changes need a connection.</span>
    </div>
  );
}
