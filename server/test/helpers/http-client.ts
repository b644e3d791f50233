/**
 * Plain HTTP clients for tests against a server process (server-process.ts): requests with
 * bodies sent slowly, multipart bodies, a signed-in browser with its cookies.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { simpleParser } from "mailparser";
import { signInSecrets } from "./mail-catcher.js";

export const PHOTO = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/photo-plain.jpg"),
);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What `signIn` needs of a server process: its address and data folder (the outbox). */
export interface MailingServer {
  base: string;
  dataDir: string;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request. With `slow`, the body is sent in parts: the head goes with
 * `Expect: 100-continue`, and once the server has answered "100 Continue" (it has parsed the head:
 * the request is in flight on the server's side) the first bytes follow, the rest after `gate`.
 */
export function send(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    agent?: http.Agent | false;
    timeoutMs?: number;
    slow?: { firstBytes: number; gate: Promise<void>; chunks?: number; chunkDelayMs?: number };
    /** Called once the request is in flight (for `slow`: the server has answered "100 Continue"). */
    onSent?: () => void;
  } = {},
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const body = typeof opts.body === "string" ? Buffer.from(opts.body) : opts.body;
    const req = http.request(url, {
      method: opts.method ?? "GET",
      headers: {
        ...(body ? { "Content-Length": String(body.length) } : {}),
        ...(opts.slow ? { Expect: "100-continue" } : {}),
        ...opts.headers,
      },
      agent: opts.agent ?? false,
      timeout: opts.timeoutMs ?? 30_000,
    });
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("error", reject);
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString("utf8") }),
      );
    });
    if (!body) {
      req.end();
      opts.onSent?.();
      return;
    }
    if (!opts.slow) {
      req.end(body);
      opts.onSent?.();
      return;
    }
    const { firstBytes, gate, chunks = 4, chunkDelayMs = 100 } = opts.slow;
    req.flushHeaders();
    req.once("continue", () => {
      req.write(body.subarray(0, firstBytes), () => opts.onSent?.());
      void sendRest();
    });
    const sendRest = () =>
      gate.then(async () => {
        const rest = body.subarray(firstBytes);
        const size = Math.ceil(rest.length / chunks);
        for (let i = 0; i < rest.length; i += size) {
          if (req.destroyed) return;
          req.write(rest.subarray(i, i + size));
          await sleep(chunkDelayMs);
        }
        req.end();
      });
  });
}

export const get = (url: string) => send(url, { timeoutMs: 5_000 });

/** A multipart/form-data body with one file field. */
export function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----keepsake${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([head, data, tail]) };
}

/** A signed-in browser: the session cookie, same-origin headers, JSON and multipart helpers. */
export class Browser {
  private cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly agent: http.Agent | false = false,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return {
      Origin: this.base,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
      ...extra,
    };
  }

  private keep(answer: Answer): Answer {
    for (const c of answer.headers["set-cookie"] ?? []) {
      const [pair] = c.split(";");
      const eq = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return answer;
  }

  async get(pathname: string): Promise<Answer> {
    return this.keep(await send(this.base + pathname, { headers: this.headers(), agent: this.agent }));
  }

  async json(method: string, pathname: string, payload: unknown): Promise<Answer> {
    return this.keep(
      await send(this.base + pathname, {
        method,
        headers: this.headers({ "Content-Type": "application/json" }),
        body: JSON.stringify(payload),
        agent: this.agent,
      }),
    );
  }

  graphql(query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
    return this.json("POST", "/graphql", { query, variables });
  }

  async upload(data: Buffer = PHOTO): Promise<Answer> {
    const form = multipart("file", "photo.jpg", "image/jpeg", data);
    return this.keep(
      await send(`${this.base}/api/upload/file`, {
        method: "POST",
        headers: this.headers({ "Content-Type": form.contentType }),
        body: form.body,
        agent: this.agent,
      }),
    );
  }
}

/**
 * The sign-in code mailed to `email`, from the outbox of whichever of `servers` delivered it: the
 * mail is a job (docs/decisions/021-durable-jobs.md), sent just after the answer, by any process
 * on the database. Waits up to 15 s.
 */
export async function mailedCode(servers: MailingServer[], email: string): Promise<string> {
  const end = Date.now() + 15_000;
  for (;;) {
    for (const server of servers) {
      const outbox = path.join(server.dataDir, "outbox");
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
      for (const file of files) {
        const mail = await simpleParser(fs.readFileSync(path.join(outbox, file)));
        const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
        if (to.some((a) => a.value.some((v) => v.address === email)))
          return signInSecrets({ text: mail.text ?? "" }).code;
      }
    }
    if (Date.now() > end) throw new Error(`no sign-in mail for ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs a new browser in through the real flow: request the mail, read the code from the outbox. */
export async function signIn(server: MailingServer, email: string, agent: http.Agent | false = false) {
  const browser = new Browser(server.base, agent);
  const asked = await browser.json("POST", "/api/auth/email", { email });
  if (asked.status !== 200) throw new Error(`sign-in link request: ${asked.status} ${asked.body}`);
  const code = await mailedCode([server], email);
  const verified = await browser.json("POST", "/api/auth/code", { email, code });
  if (verified.status !== 200) throw new Error(`sign-in with the code: ${verified.status} ${verified.body}`);
  return browser;
}

/**
 * A request written on a raw socket: the head declares `body.length` bytes, `cutAt` of them are
 * sent, then the connection is ended. The answer's status, or null when none came.
 */
export function sendCut(
  url: string,
  opts: { method?: string; headers: Record<string, string>; body: Buffer; cutAt: number; timeoutMs?: number },
): Promise<number | null> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(u.port), u.hostname);
    let answer = "";
    const done = () => resolve(/^HTTP\/1\.1 (\d{3})/.exec(answer) ? Number(answer.slice(9, 12)) : null);
    socket.setTimeout(opts.timeoutMs ?? 10_000, () => socket.destroy());
    socket.on("data", (c: Buffer) => (answer += c.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", done);
    const head = Object.entries({ Host: u.host, "Content-Length": String(opts.body.length), ...opts.headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    socket.write(`${opts.method ?? "POST"} ${u.pathname}${u.search} HTTP/1.1\r\n${head}\r\n`);
    socket.end(opts.body.subarray(0, opts.cutAt));
  });
}
