/**
 * A short confirmation toast after a save (docs/decisions/020-offline-and-feedback.md); shown by
 * the toaster of the root layout (components/ui/toaster.tsx). Failures stay inline next to what
 * failed (docs/product.md §8), never a toast.
 */
export function notifySaved(message: string): void {
  void import("sonner").then(({ toast }) => toast.success(message));
}

export const TOASTS = {
  memoryAdded: "Memory added",
  memorySaved: "Memory saved",
  noteSaved: "Your note is saved",
  settingsSaved: "Settings saved",
  profileSaved: "Profile saved",
} as const;

/** Said once per attempt when something needs the network and the device is offline. */
export function notifyOffline(): void {
  void import("sonner").then(({ toast }) =>
    toast.error("You're offline", { id: "offline", description: "This needs a connection." }),
  );
}
