import { setTimeout as sleep } from "node:timers/promises";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import pg from "pg";
import type { Logger } from "../../lib/logger.js";

/** The channel on which a request waiting for an upload's lock asks its holder, in any process, to let go. */
const RELEASE_CHANNEL = "keepsake_tus_release";

export interface PgUploadLockerOptions {
  /** How long a request waits for an upload's lock before answering 500 (tus's default: 30 s). */
  acquireTimeoutMs?: number;
  /** How often a waiting request tries again. */
  pollMs?: number;
  /** Connections held at most (one per upload being written or read by this process). */
  maxConnections?: number;
}

/**
 * The tus server's locker across processes (docs/decisions/056-resumable-uploads-shared.md): an
 * upload's HEAD, PATCH and DELETE run under a PostgreSQL session advisory lock named after the
 * upload, so two processes sharing the database never write or read one upload at once
 * (the advisory locks of docs/decisions/019-scaling-out.md). A lock is held on a connection of
 * this locker's own small pool for the request's duration; a process that dies drops it with its
 * connections. A request that finds the lock taken asks the holder to let go, as tus's in-memory
 * locker does (the holder's request ends after tus's drain delay), in this process directly and in
 * the others through LISTEN/NOTIFY, then tries again until its timeout.
 */
export class PgUploadLocker implements Locker {
  private readonly pool: pg.Pool;
  /** The locks this process holds: upload id → how to ask its request to let go. */
  readonly held = new Map<string, RequestRelease>();
  private listener: Promise<pg.Client | null> | null = null;
  readonly acquireTimeoutMs: number;
  readonly pollMs: number;

  constructor(
    private readonly connection: pg.PoolConfig,
    private readonly logger: Logger,
    opts: PgUploadLockerOptions = {},
  ) {
    this.acquireTimeoutMs = opts.acquireTimeoutMs ?? 30_000;
    this.pollMs = opts.pollMs ?? 100;
    this.pool = new pg.Pool({ ...connection, max: opts.maxConnections ?? 16, idleTimeoutMillis: 10_000 });
    // an idle connection that breaks (a database restart) is dropped, never the process
    this.pool.on("error", (err) => this.logger.warn({ err }, "upload lock connection lost"));
  }

  newLock(id: string): Lock {
    return new PgUploadLock(this, id);
  }

  connect(): Promise<pg.PoolClient> {
    return this.pool.connect();
  }

  /** Asks whoever holds `id`'s lock to let go: here directly, elsewhere by NOTIFY. */
  async askRelease(id: string): Promise<void> {
    await this.held.get(id)?.();
    await this.pool.query("SELECT pg_notify($1, $2)", [RELEASE_CHANNEL, id]).catch(() => undefined);
  }

  /** Listens for other processes' requests to let go (once this process holds a lock). */
  listen(): Promise<unknown> {
    this.listener ??= (async () => {
      const client = new pg.Client(this.connection);
      const drop = (err?: Error) => {
        if (err) this.logger.warn({ err }, "upload lock listener lost");
        this.listener = null;
        void client.end().catch(() => undefined);
      };
      client.on("error", drop);
      client.on("notification", (msg) => {
        if (msg.payload) void Promise.resolve(this.held.get(msg.payload)?.()).catch(() => undefined);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${RELEASE_CHANNEL}`);
        return client;
      } catch (err) {
        drop(err as Error);
        return null;
      }
    })();
    return this.listener;
  }

  async close(): Promise<void> {
    const listener = await this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.pool.end().catch(() => undefined);
  }
}

class PgUploadLock implements Lock {
  private client: pg.PoolClient | null = null;

  constructor(
    private readonly locker: PgUploadLocker,
    private readonly id: string,
  ) {}

  private get key(): string {
    return `keepsake:tus:${this.id}`;
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let asked = false;
    for (;;) {
      if (stopSignal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const client = await this.locker.connect();
      let locked = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          "SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked",
          [this.key],
        );
        locked = rows[0]?.locked === true;
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      if (locked) {
        this.client = client;
        this.locker.held.set(this.id, requestRelease);
        await this.locker.listen();
        return;
      }
      client.release();
      if (!asked) {
        asked = true;
        await this.locker.askRelease(this.id);
      }
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(this.locker.pollMs, undefined, { signal: stopSignal }).catch(() => undefined);
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error("Releasing an unlocked lock!");
    this.client = null;
    this.locker.held.delete(this.id);
    let broken: Error | undefined;
    await client.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [this.key]).catch((err: Error) => {
      broken = err; // a destroyed connection releases the lock too
    });
    client.release(broken);
  }
}
