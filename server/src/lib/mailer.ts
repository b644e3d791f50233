import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Env } from "../config/env.js";
import type { Logger } from "./logger.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The one link a person needs from this message (a sign-in link). Printed to the log only in
   * outbox mode outside production, so `npm start` without SMTP still lets someone sign in.
   */
  devLink?: string;
  /**
   * Sent at most once per key (a mail job's id: lib/mail-once.ts); also the mail's Message-ID,
   * so every attempt of one job sends the same message.
   */
  key?: string;
  /** Extra headers (the digest's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/** The one way the server sends mail (docs/decisions/015-code-layout.md). */
export interface Mailer {
  readonly mode: "smtp" | "outbox";
  /** Resolves when the message was accepted by the SMTP server or written to the outbox; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** `<key@host of APP_URL>` for a keyed mail; nodemailer makes a random one otherwise. */
function messageIdOf(message: MailMessage, env: Env): string | undefined {
  return message.key ? `<${message.key}@${new URL(env.APP_URL).hostname}>` : undefined;
}

export function outboxDir(env: Env): string {
  return path.join(env.DATA_DIR, "outbox");
}

/**
 * nodemailer to SMTP_URL, or without it each message as raw RFC 822 in DATA_DIR/outbox/*.eml.
 * No tracking of any kind is added (docs/sign-in-requirements.md C15).
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      // a dead mail server must not hold a request for minutes
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      mode: "smtp",
      async send(message) {
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: messageIdOf(message, env),
          headers: message.headers,
        });
      },
    };
  }

  const dir = outboxDir(env);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  if (env.isProduction)
    logger.warn({ outbox: path.resolve(dir) }, "SMTP_URL is not set: mail is written to the outbox only");
  return {
    mode: "outbox",
    async send(message) {
      const info = await transport.sendMail({
        from: env.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: messageIdOf(message, env),
        headers: message.headers,
      });
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      if (message.devLink && !env.isProduction) {
        logger.info({ outboxFile: file }, `No SMTP_URL: open this link to sign in: ${message.devLink}`);
      }
    },
  };
}
