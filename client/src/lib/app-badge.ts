import { useEffect } from "react";

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/**
 * The installed app's icon carries the unread count where the Badging API exists
 * (docs/decisions/035-presence.md); cleared at 0. Silent elsewhere.
 */
export function showAppBadge(count: number): void {
  const nav = (typeof navigator === "undefined" ? undefined : navigator) as BadgingNavigator | undefined;
  if (!nav?.setAppBadge || !nav.clearAppBadge) return;
  void (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(() => undefined);
}

/** Keeps the icon's badge on `count` while mounted. */
export function useAppBadge(count: number): void {
  useEffect(() => showAppBadge(count), [count]);
}
