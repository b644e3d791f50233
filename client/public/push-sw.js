/*
 * Push notes (docs/decisions/035-presence.md), imported by the generated service worker
 * (build/pwa-options.ts, workbox importScripts). A note names who and which timeline only; a tap
 * opens the screen it names, in an open window of the app when there is one.
 */
/* global self */
const sameOriginPath = (url) => {
  try {
    const u = new URL(url, self.location.origin);
    return u.origin === self.location.origin ? u.pathname + u.search : "/app/updates";
  } catch {
    return "/app/updates";
  }
};

self.addEventListener("push", (event) => {
  let note = {};
  try {
    note = event.data ? event.data.json() : {};
  } catch {
    note = {};
  }
  const title = typeof note.title === "string" && note.title ? note.title : "Keepsake";
  const show = self.registration.showNotification(title, {
    body: typeof note.body === "string" ? note.body : "",
    tag: typeof note.tag === "string" ? note.tag : undefined,
    icon: "/icons/icon-192.png",
    data: { url: sameOriginPath(note.url || "/app/updates") },
  });
  // the installed app's icon shows that something waits (Badging API); the app sets the count
  const badge = "setAppBadge" in self.navigator ? self.navigator.setAppBadge().catch(() => undefined) : undefined;
  event.waitUntil(Promise.all([show, badge]));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = sameOriginPath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        return client.navigate(path);
      }
      return self.clients.openWindow(path);
    })(),
  );
});
