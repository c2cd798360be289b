/**
 * EXPLAIN ANALYZE of the statements a route really runs: builds the app in this process on an
 * existing database (the bench server's, stopped first on PGlite, which allows one connection),
 * sends each GET twice through `app.inject` as the signed-in owner (the first warms the session
 * cache), records the second request's statements with their parameters through the query
 * listener, and prints each one's plan (on PGlite without per-node timing, which costs it more than the query). Used by `node bench/run.js --scale` (bench/lib/bench-scale.js).
 *
 *   DATA_DIR=<the server's> [DATABASE_URL=postgres://…] EXPLAIN_COOKIE=<session cookie> \
 *     npx tsx apps/server/scripts/explain-routes.ts <name>=<path> …
 */
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";

type Statement = { query: string; params: unknown[] };
type Client = { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

const cookie = process.env.EXPLAIN_COOKIE ?? "";
const routes = process.argv.slice(2).map((argument) => {
  const at = argument.indexOf("=");
  return { name: argument.slice(0, at), path: argument.slice(at + 1) };
});

const config = loadConfig({
  ...process.env,
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SCHEDULER: "off",
  NOTIFICATIONS: "off",
  RETENTION: "off",
});
let recording: Statement[] | undefined;
const database = await openDatabase({
  ...(config.databaseUrl
    ? { kind: "postgres" as const, connectionString: config.databaseUrl }
    : { kind: "pglite" as const, dataDir: config.dataDir }),
  onQuery: (query, params) => recording?.push({ query, params }),
});
// The driver under drizzle: pg's pool, or the PGlite worker's client; both answer query(text, params).
const client = (database.db as unknown as { $client: Client }).$client;
// Timing every plan node costs PGlite (clock reads out of WebAssembly) far more than the query: a
// 5 ms page read as 440 ms. Without it the plan, its rows and the total time are still exact.
const options = database.kind === "pglite" ? "analyze, timing off, costs off" : "analyze, costs off";
const app = await buildApp({ config, database });
await app.ready();

try {
  for (const route of routes) {
    const send = async () => {
      const response = await app.inject({ method: "GET", url: route.path, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`${route.name}: ${response.statusCode} ${response.body}`);
    };
    await send();
    recording = [];
    await send();
    const statements = recording;
    recording = undefined;
    console.log(`\n  ${route.name} (GET ${route.path}): ${statements.length} statement(s)`);
    for (const [index, { query, params }] of statements.entries()) {
      console.log(`    [${index + 1}] ${query}`);
      console.log(`        params: ${JSON.stringify(params)}`);
      // The server's own EXPLAIN (a list's estimated count, decision 048) is shown as it answered.
      const ownExplain = /^\s*explain\b/i.test(query);
      const { rows } = await client.query(ownExplain ? query : `explain (${options}) ${query}`, params);
      for (const row of rows) console.log(`        ${describePlan(row["QUERY PLAN"])}`);
    }
  }
} finally {
  await app.close();
  await database.close();
}

/** A plan line as text; a JSON plan (the server's own EXPLAIN) as its top node and row estimate. */
function describePlan(plan: unknown): string {
  if (typeof plan === "string" && !plan.startsWith("[")) return plan;
  const [top] = (typeof plan === "string" ? JSON.parse(plan) : plan) as [{ Plan: Record<string, unknown> }];
  return `${String(top.Plan["Node Type"])}, estimated rows: ${String(top.Plan["Plan Rows"])}`;
}
