import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser says it is online (`navigator.onLine`, updated by its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export const OFFLINE_ACTION_MESSAGE = "You're offline. This needs a connection; try again when you're back online.";

/** The id of the Offline banner's reason, which describes every control disabled offline. */
export const OFFLINE_REASON_ID = "offline-reason";

/** True while offline for a control that needs the network (`needsNetwork`). */
export function useNeedsConnection(needsNetwork: boolean): boolean {
  const online = useOnline();
  return needsNetwork && !online;
}
