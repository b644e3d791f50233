import net from "node:net";

/**
 * A TCP proxy between the app's pool and its test database, to take the database away the way a
 * network or a restart does (the app only ever sees real socket and protocol errors):
 * - `cut()` drops every connection and refuses new ones (ECONNREFUSED), like a server that is down;
 * - `restore()` accepts connections again on the same port, like the server coming back;
 * - `dropOnce(sql)` drops only the connection that sends the next statement containing `sql`,
 *   in the middle of that query ("Connection terminated unexpectedly"); everything else stays up.
 */
export interface DbProxy {
  /** The database URL with the proxy's address. */
  url: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  dropOnce(sql: string): void;
  /** How many connections `dropOnce` has dropped so far. */
  readonly dropped: number;
  close(): Promise<void>;
}

export async function startDbProxy(databaseUrl: string): Promise<DbProxy> {
  const target = new URL(databaseUrl);
  const upstreamPort = Number(target.port || 5432);
  const upstreamHost = target.hostname;
  const sockets = new Set<net.Socket>();
  let marker: Buffer | null = null;
  let dropped = 0;

  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, upstreamHost);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", () => {
      sockets.delete(client);
      upstream.destroy();
    });
    upstream.on("close", () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.on("error", drop);
    upstream.on("error", drop);
    client.on("data", (chunk: Buffer) => {
      if (marker && chunk.includes(marker)) {
        marker = null;
        dropped += 1;
        return drop();
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });

  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  return {
    url: url.toString(),
    cut: stopListening,
    restore: async () => {
      await listen(port);
    },
    dropOnce(sql: string) {
      marker = Buffer.from(sql);
    },
    get dropped() {
      return dropped;
    },
    close: stopListening,
  };
}
