// Load benchmark of the built server: `npm run bench` (see bench/README.md).
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { benchRunners } from "./lib/bench-runners.js";
import { benchFirstPaint } from "./lib/bench-first-paint.js";
import { benchLighthouse } from "./lib/bench-lighthouse.js";
import { benchRunScale } from "./lib/bench-run-scale.js";
import { benchScale } from "./lib/bench-scale.js";
import { createScratchDatabase } from "./lib/postgres.js";
import { startServer } from "./lib/server.js";
import { registerOwner } from "./lib/session.js";
import { ROUTES } from "./routes.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per route
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2); // seconds per route, not counted
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Comma-separated parts of route names to measure (the first route, the baseline, always runs).
const ONLY = process.env.BENCH_ROUTES?.split(",").filter(Boolean);
const SELECTED = ROUTES.filter(
  (route, index) => index === 0 || !ONLY || ONLY.some((part) => route.name.includes(part)),
);

async function main() {
  const flags = {
    runners: { type: "boolean" },
    "runs-scale": { type: "boolean" },
    lighthouse: { type: "boolean" },
    "first-paint": { type: "boolean" },
    scale: { type: "boolean" },
  };
  const { values: only } = parseArgs({ options: flags });
  if (only.lighthouse) return benchLighthouse();
  if (only["first-paint"]) return benchFirstPaint();
  if (only.scale) return benchScale();
  if (only.runners || only["runs-scale"]) {
    // Both measure on PostgreSQL only (bench/README.md says why).
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (!adminUrl) throw new Error("--runners and --runs-scale need BENCH_DATABASE_URL (a PostgreSQL server)");
    if (only.runners) await benchRunners(adminUrl);
    if (only["runs-scale"]) await benchRunScale(adminUrl);
    return;
  }
  console.log(`Flowdeck bench: ${DURATION} s per route, ${CONNECTIONS} connections, ${WARMUP} s warm-up`);
  await benchDatabase("PGlite (embedded)", {});
  if (process.env.BENCH_DATABASE_URL) {
    const database = await createScratchDatabase(process.env.BENCH_DATABASE_URL);
    try {
      await benchDatabase("PostgreSQL", { databaseUrl: database.url });
    } finally {
      await database.drop();
    }
  } else {
    console.log("\n(Set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL as well.)");
  }
}

async function benchDatabase(label, options) {
  console.log(`\n${label}: starting the server…`);
  const server = await startServer(options);
  try {
    const session = await registerOwner(server.url);
    const rows = [];
    for (const route of SELECTED) {
      process.stdout.write(`  ${route.name} …`);
      const request = toRequest(route, server.url, session);
      await check(request, route);
      if (WARMUP > 0) await measure(request, WARMUP);
      const result = await measure(request, DURATION);
      await settle();
      rows.push({ route, result });
      process.stdout.write(` ${Math.round(result.requests.average)} req/s\n`);
    }
    printTable(label, rows);
  } finally {
    await server.stop();
  }
}

function toRequest(route, baseUrl, session) {
  const headers = {};
  if (route.auth !== false) headers.cookie = session.cookie;
  if (route.body !== undefined) {
    headers["content-type"] = "application/json";
    headers.origin = baseUrl;
  }
  const fill = (text) => text.replaceAll("{orgId}", session.organizationId);
  return {
    url: baseUrl + fill(route.path),
    method: route.method,
    headers,
    body: route.body === undefined ? undefined : fill(JSON.stringify(route.body)),
  };
}

/** One request first: a route that fails would otherwise be measured as a fast error page. */
async function check(request, route) {
  const response = await fetch(request.url, request);
  if (!response.ok) throw new Error(`${route.name} answered ${response.status}: ${await response.text()}`);
}

/**
 * autocannon stops by dropping its connections, so requests it sent last may still be running
 * in the server: let them finish before the next measurement or the shutdown.
 */
function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1_000));
}

function measure(request, duration) {
  return autocannon({ ...request, connections: CONNECTIONS, duration });
}

function printTable(label, rows) {
  const baseline = rows[0];
  const header = ["route", "requests/s", "p50 ms", "p99 ms", `vs ${baseline?.route.name}`, "errors/non-2xx"];
  const lines = rows.map(({ route, result }) => [
    route.name,
    String(Math.round(result.requests.average)),
    milliseconds(result.latency.p50),
    milliseconds(result.latency.p99),
    ratio(result, baseline?.result),
    `${result.errors}/${result.non2xx}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd : cell.padStart).call(cell, widths[column])).join("  ");
  console.log(`\n${label}\n  ${format(header)}\n  ${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const line of lines) console.log(`  ${format(line)}`);
  for (const { route, result } of rows.slice(1)) {
    console.log(`  ${route.name} throughput is ${ratio(result, baseline.result)} × ${baseline.route.name}'s`);
  }
  if (rows.some(({ result }) => result.errors > 0 || result.non2xx > 0)) {
    process.exitCode = 1;
    console.log("  Some requests failed: these numbers are not to be trusted.");
  }
}

function milliseconds(value) {
  return value < 1 ? "<1" : String(value); // autocannon records whole milliseconds
}

function ratio(result, baseline) {
  return baseline?.requests.average ? (result.requests.average / baseline.requests.average).toFixed(3) : "-";
}

main().catch((error) => {
  console.error("\n", error);
  process.exit(1);
});
