import { PgTransaction } from "drizzle-orm/pg-core";
import type { Executor } from "./database.ts";

type Reads = readonly (() => Promise<unknown>)[];
type Results<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Independent reads, at once on the pool, one after another in a transaction: a transaction is
 * one connection, which answers one query at a time (node-postgres queues a second one today,
 * warns that it is deprecated, and will refuse it in version 9).
 */
export async function readTogether<const T extends Reads>(db: Executor, reads: T): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
