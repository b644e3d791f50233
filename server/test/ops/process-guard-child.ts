/**
 * A process with the guard installed (process-guard.test.ts runs it): a database that refuses
 * connections with nobody awaiting, then a multipart parser error nobody listens to, then a
 * TypeError in a timer. It prints what happened as JSON log lines.
 */
import busboy from "busboy";
import pg from "pg";
import { freePort } from "../../src/db/embedded-postgres.js";
import { createLogger } from "../../src/lib/logger.js";
import { guardProcess } from "../../src/lib/process-guard.js";

const logger = createLogger("info");
guardProcess(logger, (reason) => {
  logger.info({ event: "test.stopping", reason }, "stopping");
  process.exit(1);
});
const step = (name: string) => logger.info({ event: "test.step", name }, name);

const port = await freePort(); // nothing listens there
void new pg.Client({ host: "127.0.0.1", port, user: "postgres" }).connect(); // rejects with ECONNREFUSED, unheard
await new Promise((r) => setTimeout(r, 200));
step("after the refused connection");

const parser = busboy({ headers: { "content-type": "multipart/form-data; boundary=b" } });
parser.end('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nno closing boundary'); // 'error', unheard
await new Promise((r) => setTimeout(r, 200));
step("after the parser error");

setTimeout(() => {
  (undefined as unknown as { x: () => void }).x();
}, 10);
await new Promise((r) => setTimeout(r, 2000));
step("after the TypeError"); // never printed
