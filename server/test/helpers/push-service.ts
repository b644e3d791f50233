// the ambient types of http_ece, also for the client e2e spec that imports this helper
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./http-ece.d.ts" />
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

/** A note as the device reads it once decrypted. */
export interface Received {
  device: string;
  note: { title: string; body: string; url: string; tag: string };
  /** The raw decrypted payload (to check nothing else rode along). */
  text: string;
  headers: http.IncomingHttpHeaders;
}

export interface Device {
  name: string;
  /** The browser's PushSubscription JSON. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/**
 * A real push service on loopback (RFC 8030's receiving end) for tests: each device gets an
 * endpoint and its own P-256 key and auth secret, as a browser makes them; every message is
 * checked for a VAPID Authorization header and decrypted (RFC 8291, aes128gcm) with that device's
 * keys, as the browser would. `answer` sets the status a device's endpoint replies with (410: the
 * subscription is gone).
 */
export async function startPushService() {
  const keys = new Map<string, { ecdh: crypto.ECDH; auth: string }>();
  const answers = new Map<string, number>();
  const received: Received[] = [];
  const refused: { device: string; status: number }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const device = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
      const k = keys.get(device);
      const status = answers.get(device) ?? 201;
      if (!k) return void res.writeHead(404).end();
      if (status >= 300) {
        refused.push({ device, status });
        return void res.writeHead(status).end();
      }
      if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(String(req.headers.authorization))) {
        return void res.writeHead(401).end();
      }
      const text = decrypt(Buffer.concat(chunks), {
        version: "aes128gcm",
        privateKey: k.ecdh,
        authSecret: k.auth,
      }).toString("utf8");
      received.push({ device, note: JSON.parse(text) as Received["note"], text, headers: req.headers });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/`;
  return {
    received,
    refused,
    /** A new device (browser) with its keys, as pushManager.subscribe() would make it. */
    device(name: string): Device {
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16).toString("base64url");
      keys.set(name, { ecdh, auth });
      return {
        name,
        subscription: {
          endpoint: base + encodeURIComponent(name),
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
        },
      };
    },
    answer(device: string, status: number) {
      answers.set(device, status);
    },
    /** Notes received by `device`, oldest first. */
    to: (device: string) => received.filter((r) => r.device === device).map((r) => r.note.body),
    clear() {
      received.length = 0;
      refused.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
