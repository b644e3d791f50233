import type { ApolloClient } from "@apollo/client";
import { PushPublicKeyDocument, SubscribePushDocument } from "../gql/graphql";

const READY_TIMEOUT_MS = 10_000;

/** True where this browser can take push notes (on iOS: the app added to the Home Screen, 16.4+). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

export type PushOutcome = "subscribed" | "blocked" | "unsupported" | "failed";

/**
 * Asks for the permission (only now, when the person turns push on: never at load), subscribes
 * this browser with the server's VAPID key and hands the subscription to the server.
 */
export async function subscribeThisDevice(client: ApolloClient): Promise<PushOutcome> {
  if (!pushSupported()) return "unsupported";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "blocked";
  try {
    const reg = await registration();
    const key = (await client.query({ query: PushPublicKeyDocument, fetchPolicy: "network-only" })).data?.pushPublicKey;
    if (!reg || !key) return "unsupported";
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    const json = sub.toJSON();
    await client.mutate({
      mutation: SubscribePushDocument,
      variables: { input: { endpoint: json.endpoint!, keys: { p256dh: json.keys!.p256dh!, auth: json.keys!.auth! } } },
    });
    return "subscribed";
  } catch (err) {
    console.warn("Push subscription failed", err);
    return "failed";
  }
}

/** At logout: this browser stops taking notes (the server removed its subscription with the session). */
export async function forgetThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  await sub?.unsubscribe().catch(() => false);
}
