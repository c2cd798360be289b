// The embedded database (PGlite) runs here, in a worker thread, so its queries never hold up the
// HTTP event loop (docs/decisions/022). The server talks to it through pglite-client.ts.
// Plain JavaScript: Node loads this file by path in a worker thread, from the sources (tests) and
// from dist alike, and Node 20 cannot load TypeScript.
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { PGlite, parse, protocol, types } from "@electric-sql/pglite";
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
 * Opens the embedded database kept in `dir`, creating it first if there is none (from the backup
 * `startFrom` when one is given: `npm run restore`). The main thread
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
async function open(dir, startFrom) {
  if (!dir) {
    // In memory (tests): a copy of a dumped database, or a new one (initdb takes seconds).
    return startFrom
      ? PGlite.create({ ...OPTIONS, loadDataDir: new Blob([readFileSync(startFrom)]) })
      : PGlite.create(OPTIONS);
  }
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    const staging = `${dir}.new`;
    rmSync(staging, { recursive: true, force: true });
    const loadDataDir = startFrom ? { loadDataDir: backupBlob(startFrom) } : {};
    await (await PGlite.create(staging, { ...OPTIONS, ...loadDataDir })).close();
    rmSync(dir, { recursive: true, force: true }); // no PG_VERSION: no database, only an interrupted copy
    renameSync(staging, dir);
  }
  rmSync(path.join(dir, "postmaster.pid"), { force: true });
  return PGlite.create(dir, OPTIONS);
}

/** A file `backup` wrote (a gzipped tar), as PGlite's `loadDataDir` takes it. */
function backupBlob(file) {
  return new Blob([readFileSync(file)], { type: "application/gzip" });
}

/**
 * The whole database as a tar archive (gzipped when `compress`), consistent: taken while no
 * transaction is open (PGlite's transaction lock) and after a CHECKPOINT, so the files copied hold
 * every committed row and need no recovery. The server waits meanwhile; the compression runs after.
 */
async function backup(db, compress) {
  const tar = await db._runExclusiveTransaction(async () => {
    await db._runExclusiveQuery(() => runPrepared(db, { sql: "CHECKPOINT", params: [], rowMode: "array" }));
    return new Uint8Array(await (await db.dumpDataDir("none")).arrayBuffer());
  });
  return compress ? new Uint8Array(await promisify(gzip)(tar)) : tar;
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

/**
 * Each statement's text is parsed and described once, as a named prepared statement, and then
 * run with one call into the database (bind, describe, execute, sync): PGlite's own `query` parses
 * and describes the text again every time, in six calls. The same extended protocol either way,
 * so parameters, results and errors are the same. At most MAX_STATEMENTS are kept (the least
 * recently used is closed); PostgreSQL re-plans a kept statement when a table it reads changes.
 */
const MAX_STATEMENTS = 500;
const statements = new Map();
let nextStatement = 1;
const { serialize } = protocol;

function concat(parts) {
  const bytes = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** The statement prepared for `sql`: its name and its parameters' types. */
async function prepared(db, sql) {
  const known = statements.get(sql);
  if (known) {
    // Most recently used last, so the first entry is the one to close.
    statements.delete(sql);
    statements.set(sql, known);
    return known;
  }
  const name = `flowdeck_${nextStatement++}`;
  const described = await db.execProtocolStream(
    concat([serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()]),
    { syncToFs: false },
  );
  const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
  statements.set(sql, statement);
  if (statements.size > MAX_STATEMENTS) {
    const [oldest, { name: closed }] = statements.entries().next().value;
    statements.delete(oldest);
    await db.execProtocolStream(concat([serialize.close({ type: "S", name: closed }), serialize.sync()]), {
      syncToFs: false,
    });
  }
  return statement;
}

async function runPrepared(db, { sql, params, rowMode }) {
  const statement = await prepared(db, sql);
  const values = params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[statement.paramTypes[index]];
    return serializer ? serializer(value) : value.toString();
  });
  let messages;
  try {
    messages = await db.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
  } catch (error) {
    // "cached plan must not change result type": a table's columns changed under the statement.
    if (error?.code === "0A000") statements.delete(sql);
    throw error;
  }
  return parse.parseResults(messages, db.parsers, { rowMode, parsers: PARSERS })[0];
}

/**
 * A query, under PGlite's own locks as its `query` takes them: outside a transaction it waits for
 * any transaction under way; inside one it runs in that transaction's turn.
 */
async function query(db, message) {
  if (message.transaction === undefined) {
    return db._runExclusiveTransaction(() =>
      db._runExclusiveQuery(async () => {
        const result = await runPrepared(db, message);
        await db.syncToFs();
        return result;
      }),
    );
  }
  const entry = transactions.get(message.transaction);
  if (!entry || entry.tx.closed) throw new Error("The transaction is already over");
  return db._runExclusiveQuery(() => runPrepared(db, message));
}

/** What an error says, as plain data: custom fields (code, constraint…) would be lost in a clone. */
function describe(error) {
  const fields = {};
  for (const key of ["code", "constraint", "detail", "hint", "severity", "table", "column", "schema", "position"]) {
    if (error && error[key] !== undefined) fields[key] = error[key];
  }
  return { message: error instanceof Error ? error.message : String(error), fields };
}

const db = await open(workerData.dataDir, workerData.startFrom).catch((error) => {
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
      } else if (message.type === "dump") {
        const bytes = await backup(db, message.compress);
        parentPort.postMessage({ type: "result", id: message.id, result: bytes }, [bytes.buffer]);
        return;
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
