import { randomBytes } from "node:crypto";
import pg from "pg";

/** Creates a database beside `adminUrl` (copied from `template` when given) and returns its name. */
export async function createDatabase(adminUrl: string, prefix: string, template?: string): Promise<string> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  return name;
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
