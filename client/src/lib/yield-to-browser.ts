/**
 * Ends the current task and continues in a new one, so the browser can paint and handle input in
 * between (docs/decisions/040-boot-in-short-tasks.md: the boot is several short tasks instead of
 * one long one). `scheduler.yield()` where the browser has it (the continuation runs before other
 * queued work), else a zero-delay timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
