import { Worker } from "node:worker_threads";

type Row = Record<string, unknown> | unknown[];
type QueryResult = { rows: Row[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: "object" | "array" };
type Reply =
  | { type: "ready" }
  | { type: "failed"; error: ErrorData }
  | { type: "result"; id: number; result: unknown }
  | { type: "error"; id: number; error: ErrorData };
type ErrorData = { message: string; fields: Record<string, unknown> };

/** What drizzle's PGlite driver uses of a client: queries, and transactions of queries. */
export type PgliteQueries = {
  query: (sql: string, params?: unknown[], options?: QueryOptions) => Promise<QueryResult>;
};

/**
 * The embedded database (PGlite) in a worker thread (src/db/pglite-worker.js), behind the part of
 * PGlite's interface that drizzle uses: a query runs in the worker while the HTTP event loop goes
 * on serving (docs/decisions/022). PGlite is one session: a transaction holds it until it ends,
 * and other queries wait for it there, as they did in this thread.
 */
export class PgliteWorkerClient implements PgliteQueries {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #transactions = 0;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: Reply) => this.#settle(reply));
    worker.on("error", (error) => this.#stop(error.message));
    worker.on("exit", (code) => this.#stop(`exit code ${code}`));
  }

  /**
   * Starts the worker and opens the database kept in `dataDir`; in memory when null. `startFrom`
   * names a file `dump` wrote: in memory, the database begins as a copy of it (an uncompressed
   * dump); with a `dataDir` that holds no database yet, it is restored there (a compressed one).
   */
  static start(dataDir: string | null, startFrom?: string): Promise<PgliteWorkerClient> {
    const worker = new Worker(new URL("./pglite-worker.js", import.meta.url), {
      workerData: { dataDir, startFrom },
    });
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database did not start (exit code ${code})`));
      worker.once("error", reject);
      worker.once("exit", onExit);
      worker.once("message", (reply: Reply) => {
        worker.off("error", reject);
        worker.off("exit", onExit);
        if (reply.type === "ready") {
          const client = new PgliteWorkerClient(worker);
          worker.unref(); // kept alive by the calls under way only (see #call)
          resolve(client);
        } else {
          void worker.terminate();
          reject(toError(reply.type === "failed" ? reply.error : { message: "unexpected reply", fields: {} }));
        }
      });
    });
  }

  query(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<QueryResult> {
    return this.#call({ type: "query", sql, params, rowMode: options?.rowMode ?? "object" }) as Promise<QueryResult>;
  }

  /** Runs `work` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const transaction = (await this.#call({ type: "begin" })) as number;
    this.#transactions++;
    try {
      return await this.#inTransaction(transaction, work);
    } finally {
      this.#transactions--;
    }
  }

  async #inTransaction<T>(transaction: number, work: (tx: PgliteQueries) => Promise<T>): Promise<T> {
    const tx: PgliteQueries = {
      query: (sql, params = [], options) =>
        this.#call({
          type: "query",
          sql,
          params,
          rowMode: options?.rowMode ?? "object",
          transaction,
        }) as Promise<QueryResult>,
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.#call({ type: "rollback", transaction }).catch(() => {});
      throw error;
    }
    await this.#call({ type: "commit", transaction });
    return result;
  }

  /**
   * The one session as a pool of one (the metrics): in use while a transaction is open or a call is
   * under way; waiting, the calls sent beyond the one the worker answers now (they queue there).
   */
  activity(): { inUse: number; waiting: number; size: number } {
    const busy = this.#transactions > 0 || this.#pending.size > 0;
    return { inUse: busy ? 1 : 0, waiting: Math.max(0, this.#pending.size - 1), size: 1 };
  }

  /**
   * The whole database as a tar archive, consistent (taken between transactions, after a
   * checkpoint): gzipped for a backup, plain for `start(null, file)` to begin from (tests).
   */
  dump({ compress = false }: { compress?: boolean } = {}): Promise<Uint8Array> {
    return this.#call({ type: "dump", compress }) as Promise<Uint8Array>;
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#call({ type: "close" }).catch(() => {});
    await this.#worker.terminate();
  }

  #call(message: Record<string, unknown>): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // While a call is under way the worker keeps the process alive (a start-up migration has
      // nothing else to); once idle it does not, so a forgotten close never holds the process.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #settle(reply: Reply) {
    if (reply.type !== "result" && reply.type !== "error") return;
    const call = this.#pending.get(reply.id);
    if (!call) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.type === "result") call.resolve(reply.result);
    else call.reject(toError(reply.error));
  }

  /** The worker is gone: every call under way and to come fails as "the database went away" (503). */
  #stop(reason: string) {
    if (this.#stopped) return;
    this.#stopped = Object.assign(new Error(`The embedded database stopped (${reason})`), { code: "57P01" });
    for (const call of this.#pending.values()) call.reject(this.#stopped);
    this.#pending.clear();
  }
}

/** A database error as this thread knows them: message, code, constraint… (see db/errors.ts). */
function toError({ message, fields }: ErrorData): Error {
  return Object.assign(new Error(message), fields);
}
