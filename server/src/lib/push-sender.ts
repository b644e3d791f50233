import webpush from "web-push";
import type { VapidKeys } from "./vapid.js";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The one way the server pushes (docs/decisions/035-presence.md). */
export interface PushSender {
  /**
   * Sends `payload` encrypted to the subscription's keys (RFC 8291, aes128gcm) with a VAPID
   * signature (RFC 8292); resolves with the push service's status, rejects when it cannot be reached.
   */
  send(target: PushTarget, payload: string, opts: { ttlSeconds: number; topic?: string }): Promise<number>;
}

/**
 * web-push builds the request (encryption, VAPID headers); we send it with fetch, which also
 * reaches a push service on loopback http (development and tests) — web-push's own sender speaks
 * https only.
 */
export function createPushSender(vapid: VapidKeys, timeoutMs = 15_000): PushSender {
  return {
    async send(target, payload, opts) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: vapid,
          TTL: opts.ttlSeconds,
          contentEncoding: "aes128gcm",
          ...(opts.topic ? { topic: opts.topic } : {}),
        },
      );
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    },
  };
}
