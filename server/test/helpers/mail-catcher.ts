import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  subject: string;
  text: string;
  html: string;
  raw: Buffer;
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** While true, the server refuses every message (SMTP 451): a mail provider outage. */
  failing: boolean;
  /** Messages sent to this address, oldest first. */
  to(address: string): CaughtMail[];
  /**
   * Holds the next message's answer (a slow mail server): `arrived` resolves once its data is in,
   * and the server answers 250 only after `release()`.
   */
  holdNext(): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process (smtp-server): nodemailer talks SMTP to it, and each
 * message is parsed with mailparser before the server answers 250, so it is in `messages` by
 * the time the sending request has been answered. `port`: listen there again after a `close()`
 * (a mail server that went away and came back).
 */
export async function startMailCatcher(opts: { port?: number } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const state = { failing: false };
  let held: { arrived: () => void; released: Promise<void> } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      if (state.failing) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Temporary failure"), { responseCode: 451 })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const hold = held;
        held = null;
        hold?.arrived();
        Promise.resolve(hold?.released)
          .then(() => simpleParser(raw))
          .then((parsed) => {
            messages.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              raw,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get failing() {
      return state.failing;
    },
    set failing(v: boolean) {
      state.failing = v;
    },
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address)),
    holdNext() {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedP = new Promise<void>((r) => (arrived = r));
      const released = new Promise<void>((r) => (release = r));
      held = { arrived, released };
      return { arrived: arrivedP, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link, its token and the code from a sign-in e-mail's plain-text part. */
export function signInSecrets(mail: { text: string }): { link: string; token: string; code: string } {
  const link = /(https?:\/\/\S+\/auth\/verify\?token=([A-Za-z0-9_-]+))/.exec(mail.text);
  const code = /code in the app: ([A-Z2-9]{6})/.exec(mail.text);
  if (!link || !code) throw new Error(`no sign-in link/code in mail:\n${mail.text}`);
  return { link: link[1]!, token: link[2]!, code: code[1]! };
}
