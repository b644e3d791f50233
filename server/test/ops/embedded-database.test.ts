import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from "../../src/db/embedded-postgres.js";

/** Can `password` sign in as the superuser over TCP? The SQLSTATE of the refusal otherwise. */
async function signIn(port: number, password: string): Promise<true | string> {
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
  try {
    await client.connect();
    return true;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The embedded database's superuser password is random, kept beside its data with mode 600; a
 * data folder made with the old fixed password is moved to a random one on its next start; a
 * second server on the same data is refused while the first runs, which keeps running.
 */
describe("the embedded database", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "keepsake-embedded-"));
  const dir = path.join(root, "pg");
  let db: EmbeddedDatabase | null = null;
  afterAll(async () => {
    await db?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("has a random superuser password in a file only its owner reads; the fixed one is refused", async () => {
    const port = await freePort();
    db = await startEmbeddedPostgres({ dir, port });
    const file = `${dir}.password`;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, "utf8").trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await signIn(port, password)).toBe(true);
    expect(await signIn(port, "postgres")).toBe("28P01"); // password authentication failed
    expect(db.url).toContain(encodeURIComponent(password));
  });

  it("refuses a second server on the same data while the first runs, which keeps serving", async () => {
    await expect(startEmbeddedPostgres({ dir, port: await freePort() })).rejects.toThrow(
      /Another Keepsake server \(process \d+\) is running on the database in .*Stop it first, or start this one with another DATA_DIR/,
    );
    expect(await signIn(db!.port, fs.readFileSync(`${dir}.password`, "utf8").trim())).toBe(true);
  });

  it("moves a data folder made with the fixed password to a random one on its next start, data intact", async () => {
    // what an earlier version left: the superuser's password is "postgres", no password file
    const admin = new pg.Client({ connectionString: db!.url });
    await admin.connect();
    await admin.query(`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('written before')`);
    await admin.query(`ALTER ROLE postgres PASSWORD 'postgres'`);
    await admin.end();
    await db!.stop();
    fs.rmSync(`${dir}.password`);

    const port = await freePort();
    db = await startEmbeddedPostgres({ dir, port });
    const password = fs.readFileSync(`${dir}.password`, "utf8").trim();
    expect(password).not.toBe("postgres");
    expect(fs.statSync(`${dir}.password`).mode & 0o777).toBe(0o600);
    expect(await signIn(port, "postgres")).toBe("28P01");
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    expect((await client.query(`SELECT note FROM kept`)).rows).toEqual([{ note: "written before" }]);
    await client.end();
  });
});
