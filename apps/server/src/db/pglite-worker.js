// The embedded database (PGlite) runs here, in a worker thread, so its queries never hold up the
// HTTP event loop (docs/decisions/022). The server talks to it through pglite-client.ts.
// Plain JavaScript: Node loads this file by path in a worker thread, from the sources (tests) and
// from dist alike, and Node 20 cannot load TypeScript.
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// The extensions the migrations create (pg_trgm for substring search) must be loaded up front.
const OPTIONS = { extensions: { pg_trgm } };

// Dates and intervals come back as PostgreSQL wrote them, as drizzle's PGlite driver asks: it
// parses them itself. Parsers are functions, which cannot cross threads, so they are set here.
const keep = (value) => value;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    keep,
  ]),
);

/**
 * Opens the embedded database kept in `dir`, creating it first if there is none. The main thread
 * holds the data-directory lock, so whatever is found here from another process was left by one
 * that died, and clearing it is safe:
 * - a new database is made in a side directory and renamed into place once whole: PGlite copies
 *   a new database in file by file, and a copy cut short by `kill -9` crashed every later start;
 * - postmaster.pid goes: PGlite aborts on a torn one (its owner killed while writing it).
 *
 * Durability: PGlite writes through to the host's files on every commit but never calls fsync,
 * so a write it acknowledged survives the death of this process (SIGKILL, the OOM killer, a
 * container stop) but not a crash of the machine itself. PostgreSQL (DATABASE_URL) covers that.
 */
async function open(dir) {
  if (!dir) return PGlite.create(OPTIONS);
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    const staging = `${dir}.new`;
    rmSync(staging, { recursive: true, force: true });
    await (await PGlite.create(staging, OPTIONS)).close();
    rmSync(dir, { recursive: true, force: true }); // no PG_VERSION: no database, only an interrupted copy
    renameSync(staging, dir);
  }
  rmSync(path.join(dir, "postmaster.pid"), { force: true });
  return PGlite.create(dir, OPTIONS);
}

/** Open transactions by id: each holds PGlite's transaction lock until commit or rollback. */
const transactions = new Map();
let nextTransaction = 1;

async function begin(db) {
  const id = nextTransaction++;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  let started;
  const ready = new Promise((resolve) => (started = resolve));
  const done = db.transaction(async (tx) => {
    transactions.set(id, { tx, finish });
    started();
    if ((await finished) === "rollback") await tx.rollback();
  });
  const entry = await Promise.race([ready.then(() => transactions.get(id)), done]);
  entry.done = done.finally(() => transactions.delete(id));
  return id;
}

async function end(id, outcome) {
  const entry = transactions.get(id);
  if (!entry) throw new Error("The transaction is already over");
  entry.finish(outcome);
  await entry.done;
}

function query(db, { sql, params, rowMode, transaction }) {
  const target = transaction === undefined ? db : transactions.get(transaction)?.tx;
  if (!target) throw new Error("The transaction is already over");
  return target.query(sql, params, { rowMode, parsers: PARSERS });
}

/** What an error says, as plain data: custom fields (code, constraint…) would be lost in a clone. */
function describe(error) {
  const fields = {};
  for (const key of ["code", "constraint", "detail", "hint", "severity", "table", "column", "schema", "position"]) {
    if (error && error[key] !== undefined) fields[key] = error[key];
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
}

const db = await open(workerData.dataDir).catch((error) => {
  parentPort.postMessage({ type: "failed", error: describe(error) });
  return undefined;
});

if (db) {
  parentPort.on("message", async (message) => {
    try {
      let result;
      if (message.type === "query") {
        const { rows, fields, affectedRows } = await query(db, message);
        result = { rows, fields, affectedRows };
      } else if (message.type === "begin") {
        result = await begin(db);
      } else if (message.type === "commit" || message.type === "rollback") {
        result = await end(message.transaction, message.type);
      } else if (message.type === "close") {
        await db.close();
        result = null;
      }
      parentPort.postMessage({ type: "result", id: message.id, result });
    } catch (error) {
      parentPort.postMessage({ type: "error", id: message.id, error: describe(error) });
    }
  });
  parentPort.postMessage({ type: "ready" });
}
