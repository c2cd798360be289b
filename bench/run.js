// Load benchmark of the built server: `npm run bench` (see bench/README.md).
import autocannon from "autocannon";
import { parseArgs } from "node:util";
import { benchRunners } from "./lib/bench-runners.js";
import { benchFanOut } from "./lib/bench-fan-out.js";
import { benchFirstPaint } from "./lib/bench-first-paint.js";
import { benchLighthouse } from "./lib/bench-lighthouse.js";
import { benchRunScale } from "./lib/bench-run-scale.js";
import { benchScale } from "./lib/bench-scale.js";
import { benchViewers } from "./lib/bench-viewers.js";
import { createScratchDatabase } from "./lib/postgres.js";
import { startServer } from "./lib/server.js";
import { formatMemory, memoryOf } from "./lib/memory.js";
import { ownerApi, registerOwner } from "./lib/session.js";
import { HEALTHZ, ROUTES } from "./routes.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per route
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2); // seconds per route, not counted
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
// Comma-separated parts of route names to measure (/healthz runs before each of them anyway).
const ONLY = process.env.BENCH_ROUTES?.split(",").filter(Boolean);
const SELECTED = ROUTES.filter((route) => !ONLY || ONLY.some((part) => route.name.includes(part)));

async function main() {
  const flags = {
    runners: { type: "boolean" },
    "fan-out": { type: "boolean" },
    "runs-scale": { type: "boolean" },
    lighthouse: { type: "boolean" },
    "first-paint": { type: "boolean" },
    scale: { type: "boolean" },
    viewers: { type: "boolean" },
  };
  const { values: only } = parseArgs({ options: flags });
  if (only.lighthouse) return benchLighthouse();
  if (only["first-paint"]) return benchFirstPaint();
  if (only.scale) return benchScale();
  if (only.runners || only["runs-scale"] || only.viewers || only["fan-out"]) {
    // Both measure on PostgreSQL only (bench/README.md says why).
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (!adminUrl)
      throw new Error("--runners, --fan-out, --runs-scale and --viewers need BENCH_DATABASE_URL (a PostgreSQL server)");
    if (only.viewers) await benchViewers(adminUrl);
    if (only.runners) await benchRunners(adminUrl);
    if (only["fan-out"]) await benchFanOut(adminUrl);
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
    const idle = memoryOf(server.pid); // started and migrated, nothing asked yet
    const session = await registerOwner(server.url);
    const values = { orgId: session.organizationId, ...(await createRun(server.url, session)) };
    const rows = [];
    for (const route of SELECTED) {
      // /healthz right before each route, so a load spike on the machine spoils one pair, not the run.
      process.stdout.write(`  ${HEALTHZ.name} then ${route.name} …`);
      const healthz = await warmAndMeasure(toRequest(HEALTHZ, server.url, session, values), HEALTHZ);
      const result = await warmAndMeasure(toRequest(route, server.url, session, values), route);
      rows.push({ route, result, healthz });
      process.stdout.write(` ${Math.round(healthz.requests.average)}, ${Math.round(result.requests.average)} req/s\n`);
    }
    printTable(label, rows);
    console.log(
      `  server memory (VmRSS): idle after start ${formatMemory(idle)}; ` +
        `after the load ${formatMemory(memoryOf(server.pid))}`,
    );
  } finally {
    await server.stop();
  }
}

/** A task, a workflow running it, and a run queued for a Linux runner (none claims it). */
async function createRun(url, session) {
  const api = ownerApi(url, session);
  const task = await api("POST", "/tasks", { name: "Bench task", commands: { linux: "true" } });
  const workflow = await api("POST", "/workflows", { name: "Bench workflow", taskIds: [task.id] });
  await api("POST", `/workflows/${workflow.id}/execute`, { platform: "linux" });
  const runs = await api("GET", `/workflows/${workflow.id}/history?limit=1`);
  return { workflowId: workflow.id, runId: runs.items[0].id };
}

async function warmAndMeasure(request, route) {
  await check(request, route);
  if (WARMUP > 0) await measure(request, WARMUP);
  const result = await measure(request, DURATION);
  await settle();
  return result;
}

function toRequest(route, baseUrl, session, values) {
  const headers = {};
  if (route.auth !== false) headers.cookie = session.cookie;
  if (route.body !== undefined) {
    headers["content-type"] = "application/json";
    headers.origin = baseUrl;
  }
  const fill = (text) => text.replace(/\{(\w+)\}/g, (match, name) => values[name] ?? match);
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
  const header = ["route", "requests/s", "p50 ms", "p99 ms", "/healthz req/s before it", "ratio", "errors/non-2xx"];
  const lines = rows.map(({ route, result, healthz }) => [
    route.name,
    String(Math.round(result.requests.average)),
    milliseconds(result.latency.p50),
    milliseconds(result.latency.p99),
    String(Math.round(healthz.requests.average)),
    ratio(result, healthz),
    `${result.errors + healthz.errors}/${result.non2xx + healthz.non2xx}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd : cell.padStart).call(cell, widths[column])).join("  ");
  console.log(`\n${label} (ratio: the route's requests/s ÷ those of ${HEALTHZ.name} measured just before it)`);
  console.log(`  ${format(header)}\n  ${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const line of lines) console.log(`  ${format(line)}`);
  const failed = ({ errors, non2xx }) => errors > 0 || non2xx > 0;
  if (rows.some(({ result, healthz }) => failed(result) || failed(healthz))) {
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
