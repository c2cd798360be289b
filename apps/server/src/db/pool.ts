import pg from "pg";

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

const ignore = () => {};

/**
 * A pg pool that survives its database going away (a failover, a restart, pg_terminate_backend):
 * - pg emits 'error' on a client whose connection drops; the pool listens only while the client
 *   is idle, so a drop while a request held the client was an unhandled 'error' that ended the
 *   process. Every client now has a listener for its whole life.
 * - A client whose connection ends while it is checked out goes back to the pool at once, to be
 *   discarded. Drizzle's transaction sends BEGIN before its try/finally, so a BEGIN on a dead
 *   connection never released its client: each outage leaked clients until the pool was empty and
 *   every request waited forever. A later release by the holder is then a no-op.
 * The request that held the client still sees its query fail, and answers 503.
 */
export class ResilientPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    this.on("error", ignore);
    this.on("connect", (client) => client.on("error", ignore));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback) {
      super.connect((error, client, done) => {
        if (error || !client) return callback(error, client, done);
        const guarded = guardRelease(client);
        callback(undefined, guarded, guarded.release);
      });
      return;
    }
    return super.connect().then(guardRelease);
  }
}

function guardRelease(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener("end", onEnd);
    release(error);
  };
  const onEnd = () => releaseOnce(new Error("The database connection ended while in use"));
  client.once("end", onEnd);
  client.release = releaseOnce;
  return client;
}

export function createPool(config: pg.PoolConfig): pg.Pool {
  return new ResilientPool(config);
}
