/** Small helpers shared by the bench parts: statistics, timing, HTTP with a cookie header. */
import fs from "node:fs";

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p99: percentile(s, 99),
    max: s.at(-1) ?? NaN,
    mean,
  };
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export const round = (v: number, digits = 2) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : v);

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** "name=value" pairs from Set-Cookie headers (attributes dropped). */
export function cookiesFrom(res: { headers: Headers }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = pair!.indexOf("=");
    if (eq > 0) out[pair!.slice(0, eq).trim()] = pair!.slice(eq + 1).trim();
  }
  return out;
}

export interface HttpResult {
  status: number;
  body: string;
  bytes: number;
  headers: Headers;
}

/** GET/POST on 127.0.0.1 with a Cookie header; the body is read whole (as bytes, then text). */
export async function http(
  base: string,
  path: string,
  opts: { method?: string; cookie?: string; json?: unknown; headers?: Record<string, string>; body?: BodyInit } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body = opts.body;
  // a page of the app: every write carries its origin (the server's origin guard)
  const method = opts.method ?? (body || opts.json !== undefined ? "POST" : "GET");
  if (method !== "GET" && method !== "HEAD") headers.origin ??= new URL(base).origin;
  if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(base + path, { method, headers, body });
  const buf = Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: buf.toString("utf8"), bytes: buf.length, headers: res.headers };
}

export function gqlBody(query: string, variables: Record<string, unknown> = {}): string {
  return JSON.stringify({ query, variables });
}

/** Current and peak resident set size of a process from /proc (bytes), or null off Linux. */
export function procRss(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return null;
  }
}

/** Parsed JSON (answers, results) read loosely: a wrong shape fails the check that reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON by nature
export type Json = any;

export const MiB = 1024 * 1024;
export const KiB = 1024;

/**
 * A request as a browser makes it (Accept-Encoding: gzip, deflate, br), counting the bytes of the
 * body on the wire (compressed when the server compresses; not decoded).
 */
export async function wireRequest(
  base: string,
  path: string,
  opts: { method?: string; cookie?: string; json?: unknown } = {},
): Promise<{ status: number; wireBytes: number; encoding: string; body: Buffer }> {
  const httpMod = await import("node:http");
  const zlib = await import("node:zlib");
  const payload = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
  return new Promise((resolve, reject) => {
    const req = httpMod.request(
      base + path,
      {
        method: opts.method ?? (payload ? "POST" : "GET"),
        headers: {
          "accept-encoding": "gzip, deflate, br",
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}),
          // a page of the app: every POST carries its origin (the server's origin guard)
          ...(payload ? { origin: new URL(base).origin } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers["content-encoding"] ?? "identity");
          const body =
            encoding === "br"
              ? zlib.brotliDecompressSync(raw)
              : encoding === "gzip"
                ? zlib.gunzipSync(raw)
                : encoding === "deflate"
                  ? zlib.inflateSync(raw)
                  : raw;
          resolve({ status: res.statusCode ?? 0, wireBytes: raw.length, encoding, body });
        });
      },
    );
    req.on("error", reject);
    if (payload) req.write(payload);
    req.end();
  });
}
