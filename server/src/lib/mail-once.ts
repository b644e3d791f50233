import type { DataSource } from "typeorm";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import type { Logger } from "./logger.js";
import type { Mailer } from "./mailer.js";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Every mail with a `key` (a mail job's id, the same in each attempt) is delivered at most once
 * per key: a key already delivered, by this process or any other on the database, is not sent
 * again. The delivery is recorded after the mail server accepted the mail; while the database
 * is out of reach the record waits in memory (this process never sends the key again) and is
 * written once it is back. The mail's Message-ID is made from the key too, so a receiving
 * server can still tell a copy should a process die between the two
 * (docs/decisions/031-no-input-ends-the-process.md).
 */
export function mailOnce(mailer: Mailer, ds: DataSource, logger: Logger): Mailer {
  /** Keys delivered whose record is not written yet. */
  const unrecorded = new Set<string>();

  const record = async (key: string) => {
    for (let delay = 500; ; delay = Math.min(delay * 2, 5000)) {
      try {
        await ds.query(
          `WITH pruned AS (DELETE FROM "mail_deliveries" WHERE "sent_at" < now() - interval '1 day')
           INSERT INTO "mail_deliveries" ("key") VALUES ($1) ON CONFLICT DO NOTHING`,
          [key],
        );
        unrecorded.delete(key);
        return;
      } catch (err) {
        if (!isDatabaseUnavailable(err)) {
          logger.error({ err, event: "mail.delivery_not_recorded", key }, "a mail's delivery could not be recorded");
          return; // the key stays in memory: this process still never sends it again
        }
        await sleep(delay);
      }
    }
  };

  return {
    mode: mailer.mode,
    async send(message) {
      const { key } = message;
      if (!key) return mailer.send(message);
      const delivered =
        unrecorded.has(key) ||
        ((await ds.query(`SELECT 1 FROM "mail_deliveries" WHERE "key" = $1`, [key])) as unknown[]).length > 0;
      if (delivered) {
        logger.info(
          { event: "mail.already_delivered", key },
          "a mail job ran again after its mail was delivered; not sent twice",
        );
        return;
      }
      await mailer.send(message);
      unrecorded.add(key);
      void record(key);
    },
  };
}
