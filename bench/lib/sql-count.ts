/**
 * SQL statements per operation (docs/performance-goals.md A2, GitLab's QueryRecorder): every statement
 * any pg client of THIS process sends is counted (pg.Client.prototype.query is wrapped), so ORM
 * statements, raw `ds.query`, the session store and the rate limiter all show. Requests go one at
 * a time to the in-process app, so the count between two requests belongs to the request.
 * The session store's statements (read + touch of "session") are reported apart.
 */
import pg from "pg";
import type { Fixture } from "./fixtures.js";
import type { Read } from "./operations.js";
import { http, sleep } from "./util.js";

export class StatementCounter {
  statements: string[] = [];
  private original: typeof pg.Client.prototype.query | null = null;

  install(): void {
    if (this.original) return;
    const original = pg.Client.prototype.query;
    this.original = original;
    const record = (text: string) => this.statements.push(text);
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string } | undefined;
      record(typeof first === "string" ? first : (first?.text ?? "?"));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof pg.Client.prototype.query;
  }

  uninstall(): void {
    if (this.original) pg.Client.prototype.query = this.original;
    this.original = null;
  }

  reset(): void {
    this.statements = [];
  }
}

export interface StatementCount {
  total: number;
  session: number;
  app: number;
  statements: string[];
}

const SESSION_SQL = /\b"?session"?\b/i;

/** Statements of one request (after a warm-up call of the same request). */
export async function countRequest(
  counter: StatementCounter,
  base: string,
  read: Read,
  cookie: string,
): Promise<StatementCount> {
  const send = () =>
    http(base, read.path, {
      method: read.method,
      cookie,
      ...(read.body ? { body: read.body, headers: { "content-type": "application/json" } } : {}),
    });
  const warm = await send();
  if (warm.status !== 200 || read.check(warm.body) !== "ok") {
    throw new Error(`${read.name}: unexpected answer ${warm.status} ${warm.body.slice(0, 300)}`);
  }
  await sleep(20); // let the session touch of the warm-up finish
  counter.reset();
  const res = await send();
  await sleep(20);
  const statements = [...counter.statements];
  if (read.check(res.body) !== "ok")
    throw new Error(`${read.name}: unexpected answer ${res.status} ${res.body.slice(0, 300)}`);
  const session = statements.filter(
    (s) => SESSION_SQL.test(s) && /from "?session"?|update "?session"?|into "?session"?/i.test(s),
  ).length;
  return { total: statements.length, session, app: statements.length - session, statements };
}

export interface SqlRow {
  name: string;
  sizes: [number, number];
  x1: StatementCount;
  x10: StatementCount;
  equal: boolean;
}

export async function countReads(
  counter: StatementCounter,
  base: string,
  pairs: Array<{ read1: Read; read10: Read; f1: Fixture; f10: Fixture }>,
  cookies: Map<string, string>,
): Promise<SqlRow[]> {
  const rows: SqlRow[] = [];
  for (const { read1, read10, f1, f10 } of pairs) {
    const x1 = await countRequest(
      counter,
      base,
      read1,
      cookies.get(read1.name.includes("visitor") ? f1.visitor.email : f1.viewer.email)!,
    );
    const x10 = await countRequest(
      counter,
      base,
      read10,
      cookies.get(read10.name.includes("visitor") ? f10.visitor.email : f10.viewer.email)!,
    );
    rows.push({
      name: read1.name,
      sizes: [read1.listSize(f1), read10.listSize(f10)],
      x1,
      x10,
      equal: x1.app === x10.app,
    });
  }
  return rows;
}
