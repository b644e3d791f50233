import { expect, test } from "./helpers/test";
import { startPushService } from "../../server/test/helpers/push-service";
import { addMemoryWithPhoto } from "./helpers/add-memory";
import { graphql, saveShot, signIn } from "./helpers/journey";
import { sharedTimeline } from "./helpers/shared-timeline";

/**
 * Push (docs/decisions/035-presence.md): Ada turns push on in Profile → Notifications (Chromium
 * asks for the permission, granted here), Bo adds a memory to their timeline, and the server's
 * encrypted note reaches a push service on loopback, which decrypts it with the device's keys: it
 * names Bo and the timeline, never the caption or the place. Chromium's own push service (FCM) is
 * out of reach here, so the decrypted note is handed to Ada's service worker through CDP
 * (ServiceWorker.deliverPushMessage): the worker shows it, and opening its link (the tap: a system
 * notification cannot be clicked from Playwright) lands on the timeline.
 */
test("push: turned on in the browser, a note names who and which timeline, and opens it", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const baseURL = String(testInfo.project.use.baseURL);
  const stamp = Date.now().toString(36);
  const adaEmail = `ada-push-${stamp}@example.com`;
  const ps = await startPushService();
  try {
    const ada = await signIn(browser, baseURL, adaEmail);
    await ada.context().grantPermissions(["notifications"], { origin: baseURL });
    const bo = await signIn(browser, baseURL, `bo-push-${stamp}@example.com`);
    await graphql(bo, "mutation ($input: UpdateProfileInput!) { updateProfile(input: $input) { user { id } } }", {
      input: { displayName: "Bo Jensen" },
    });
    const trips = await sharedTimeline(bo, ada, adaEmail, "Trips", "PRIVATE");

    // Ada turns push on: the permission is asked now (granted), the browser subscribes
    await ada.goto("/app/notifications");
    await ada.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await ada.getByRole("combobox", { name: "Push notifications" }).selectOption("HOURLY");
    await ada.getByRole("button", { name: "Save" }).click();
    const chromiumPush = await Promise.race([
      ada
        .getByText("Settings saved")
        .waitFor()
        .then(() => true),
      ada
        .getByRole("alert")
        .waitFor()
        .then(() => false),
    ]);
    testInfo.annotations.push({ type: "chromium push service", description: chromiumPush ? "reached" : "unreachable" });
    await saveShot(ada, "push-settings");

    // this device's stand-in on the loopback push service, and no quiet hours for the test
    const device = ps.device("ada-device");
    await graphql(ada, "mutation ($input: PushSubscriptionInput!) { subscribePush(input: $input) }", {
      input: { endpoint: device.subscription.endpoint, keys: device.subscription.keys },
    });
    await graphql(
      ada,
      "mutation { updateNotificationPreferences(input: { push: HOURLY, quietStart: 0, quietEnd: 0 }) { push } }",
    );

    await addMemoryWithPhoto(bo, trips, { caption: "Harbour at dawn", location: "Porto" });
    await expect.poll(() => ps.received.length, { timeout: 20_000 }).toBe(1);
    const [got] = ps.received;
    expect(got!.note).toEqual({
      title: "Keepsake",
      body: "Bo Jensen added a memory to Trips",
      url: `/app/view-timeline?id=${trips}`,
      tag: `timeline-${trips}`,
    });
    expect(got!.text).not.toMatch(/Harbour|Porto/);

    // hand the note to Ada's service worker, as her push service would
    const cdp = await ada.context().newCDPSession(ada);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
        const r = e.registrations.find((x) => x.scopeURL.startsWith(baseURL) && !x.isDeleted);
        if (r) resolve(r.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(baseURL).origin,
      registrationId: await registrationId,
      data: got!.text,
    });
    const shown = () =>
      ada.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url?: string } | null)?.url,
        })),
      );
    await expect
      .poll(shown, { timeout: 10_000 })
      .toEqual([
        { title: "Keepsake", body: "Bo Jensen added a memory to Trips", url: `/app/view-timeline?id=${trips}` },
      ]);

    // the tap opens the note's screen: the timeline
    const [note] = await shown();
    await ada.goto(note!.url!);
    await expect(ada.getByRole("heading", { level: 1, name: "Trips" })).toBeVisible();
    await saveShot(ada, "push-opened-timeline");
  } finally {
    await ps.close();
  }
});
