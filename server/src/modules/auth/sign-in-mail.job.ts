import type { DataSource } from "typeorm";
import type { Env } from "../../config/env.js";
import { defineJob, type JobDefinition } from "../../jobs/job-queue.js";
import type { Sealer } from "../../jobs/sealed.js";
import type { Clock } from "../../lib/clock.js";
import type { Logger } from "../../lib/logger.js";
import type { Mailer } from "../../lib/mailer.js";
import { renderSignInEmail } from "./auth.email.js";
import { SignInToken } from "../../entities/sign-in-token.entity.js";

export const SIGN_IN_MAIL_JOB = "sign-in-mail";

/** What waits in the queue: the token row's id and the link and code, sealed. */
export interface SignInMailJob {
  tokenId: string;
  sealed: string;
}

export interface SignInSecrets {
  token: string;
  code: string;
  /** The rate-limit keys the request counted against (auth.service.ts), to refund if the mail never goes out. */
  limits?: LinkLimitKeys;
}

/** The keys a link request spent: per asker and address, and (when the asker is not the owner) per address. */
export interface LinkLimitKeys {
  asker: string;
  others: string | null;
}

/**
 * Delivers a sign-in mail (docs/decisions/021-durable-jobs.md). 6 retries starting at 5 s and
 * doubling end within about 10 minutes, inside the link's 15. Before each attempt the token row
 * is read again: a link that was used, superseded or has expired is not sent; the mail is dropped
 * and logged (by the token's hash prefix, never the address, link or code). A mail the mail server
 * refused through every retry is logged the same way, and its request no longer counts against
 * the address's limits: the person may ask again at once. Delivered once per job
 * (lib/mail-once.ts), whatever retried it.
 */
export function signInMailJob(deps: {
  ds: DataSource;
  env: Env;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  sealer: Sealer;
  minutes: number;
  /** The mail could not be delivered within its retries: the request must not count against its asker or address. */
  undeliverable(limits: LinkLimitKeys | undefined): Promise<void>;
}): JobDefinition<SignInMailJob> {
  return defineJob<SignInMailJob>({
    name: SIGN_IN_MAIL_JOB,
    retryLimit: 6,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
    async handler({ id, data, retryCount, lastAttempt }) {
      const row = await deps.ds.getRepository(SignInToken).findOneBy({ id: data.tokenId });
      const log = deps.logger.child({ tokenRef: row?.tokenHash.slice(0, 12), retryCount });
      const secrets = deps.sealer.open<SignInSecrets>(data.sealed);
      const dropped = (reason: string) =>
        log.warn({ event: "auth.link_mail_dropped", reason }, "sign-in mail dropped, not sent");
      if (!row || !secrets) return dropped("unknown_token");
      if (row.consumedAt) return dropped("used");
      if (row.supersededAt) return dropped("superseded");
      if (row.expiresAt.getTime() <= deps.clock.now().getTime()) return dropped("expired");

      const mail = renderSignInEmail({
        appUrl: deps.env.APP_URL,
        token: secrets.token,
        code: secrets.code,
        email: row.email,
        minutes: deps.minutes,
      });
      try {
        await deps.mailer.send({
          to: row.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          devLink: mail.link,
          key: id,
        });
      } catch (err) {
        const error = { message: (err as Error)?.message };
        if (lastAttempt) {
          log.error(
            { event: "auth.link_mail_dropped", reason: "undeliverable", err: error },
            "sign-in mail dropped after its last retry; the address may ask for a new link at once",
          );
          return deps.undeliverable(secrets.limits);
        }
        log.warn({ event: "auth.link_send_failed", err: error }, "sign-in mail could not be sent; it will be retried");
        throw err;
      }
      log.info({ event: "auth.link_sent", mailer: deps.mailer.mode }, "sign-in mail sent");
    },
  });
}
