import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";

// pg is the server's dependency; load it the way the server does.
const require = createRequire(path.resolve(import.meta.dirname, "../../apps/server/package.json"));

/**
 * Creates an empty database on the PostgreSQL server that adminUrl points at, and returns its
 * URL and a function that drops it again.
 */
export async function createScratchDatabase(adminUrl) {
  const { Client } = require("pg");
  const name = `flowdeck_bench_${randomBytes(4).toString("hex")}`;
  await withClient(Client, adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(Client, adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withClient(Client, connectionString, work) {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs one statement on the database at `url` with its own connection; answers the rows. */
export function queryDatabase(url, text, values = []) {
  const { Client } = require("pg");
  return withClient(Client, url, async (client) => (await client.query(text, values)).rows);
}

/** A few connections to the database at `url`, kept open for many reads at once: `query(text, values)`, `close()`. */
export async function connectDatabase(url) {
  const { Pool } = require("pg");
  const pool = new Pool({ connectionString: url, max: 4 });
  return { query: async (text, values = []) => (await pool.query(text, values)).rows, close: () => pool.end() };
}
