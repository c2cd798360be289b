// `node bench/run.js --runs-scale` (issue 16): run history and the dashboard's health panel with
// 1,000 runs and with 1,000,000 in one organization, then retention deleting 100,000 of them while
// the run routes are under load. See bench/README.md, "Runs at scale".
import autocannon from "autocannon";
import { createScratchDatabase, queryDatabase } from "./postgres.js";
import { seedRuns, SEED_SPAN_DAYS } from "./seed-runs.js";
import { startServer } from "./server.js";
import { ownerApi, registerOwner } from "./session.js";
import { median, ms, percentile, spread } from "./stats.js";

const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_RUNS_SCALE ?? 1_000_000);
const WORKFLOWS = 20;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const REQUESTS = 200; // at most, timed one after another per route and repeat
const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/** Runs older than this many days are deleted in the retention part: a tenth of the seeded span. */
const KEEP_DAYS = SEED_SPAN_DAYS - SEED_SPAN_DAYS / 10;

export async function benchRunScale(adminUrl) {
  console.log(`\nRuns at scale on PostgreSQL: ${SMALL} runs, then ${LARGE}, over ${WORKFLOWS} workflows`);
  const database = await createScratchDatabase(adminUrl);
  const cleanups = [() => database.drop()];
  try {
    // The retention job rests 1 s between passes so that 100,000 runs go within the measurement.
    const server = await startServer({ databaseUrl: database.url, env: { RETENTION_INTERVAL_MS: "1000" } });
    cleanups.unshift(() => server.stop());
    const session = await registerOwner(server.url);
    const api = ownerApi(server.url, session);
    // Nothing seeded is deleted until the retention part lowers the days.
    await api("PUT", "/retention", { keepRunsDays: 3650, maxRunsPerWorkflow: 100_000 });
    const task = await api("POST", "/tasks", { name: "Bench step", commands: { linux: "true" } });
    const workflowIds = [];
    for (let index = 0; index < WORKFLOWS; index++) {
      workflowIds.push((await api("POST", "/workflows", { name: `Scale ${index + 1}`, taskIds: [task.id] })).id);
    }
    const org = { organizationId: session.organizationId, workflowIds };
    const routes = [
      { name: "GET /healthz", path: "/healthz" },
      { name: "GET history, first page", path: `/api/orgs/${org.organizationId}/workflows/${workflowIds[0]}/history` },
      { name: "GET workflow-health (panel)", path: `/api/orgs/${org.organizationId}/workflow-health` },
      { name: "GET runs, first page", path: `/api/orgs/${org.organizationId}/runs` },
    ];
    const time = (routeList) => timeRoutes(server.url, session.cookie, routeList);

    await seedRuns(database.url, { ...org, from: 1, count: SMALL });
    const small = await time(routes);
    await explain(database.url, org, `${SMALL} runs`);
    await seedRuns(database.url, { ...org, from: SMALL + 1, count: LARGE - SMALL });
    const large = await time(routes);
    await explain(database.url, org, `${LARGE} runs`);
    printRatios(routes, small, large);

    await retentionUnderLoad({ server, api, session, database, org });
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

/**
 * Each route REQUESTS times (or 5 s) one after another, REPEATS times, the routes taking turns (so a
 * spike of the machine's other work hits all of them): the median latency of each repeat.
 */
async function timeRoutes(url, cookie, routes) {
  const medians = routes.map(() => []);
  for (let repeat = -1; repeat < REPEATS; repeat++) {
    for (const [index, route] of routes.entries()) {
      const latencies = [];
      const deadline = performance.now() + 5_000; // a slow route is timed fewer times, not for minutes
      for (let request = 0; request < REQUESTS && performance.now() < deadline; request++) {
        const started = performance.now();
        const response = await fetch(url + route.path, { headers: { cookie } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${route.name} answered ${response.status}`);
        latencies.push(performance.now() - started);
      }
      if (repeat >= 0) medians[index].push(median(latencies)); // the first round warms up
    }
  }
  return medians;
}

function printRatios(routes, small, large) {
  console.log(`\n  median latency, ${REQUESTS} requests one at a time × ${REPEATS} repeats`);
  for (const [index, route] of routes.entries()) {
    const ratios = large[index].map((value, repeat) => value / small[index][repeat]);
    console.log(
      `  ${route.name.padEnd(28)} ${SMALL} runs ${ms(median(small[index]))} ms, ${LARGE} runs ` +
        `${ms(median(large[index]))} ms: ${spread(ratios)}× (target ≤ 1.5× for history, panel and runs)`,
    );
  }
}

/** EXPLAIN ANALYZE of the history's first page and the panel, as the server asks them (history/repository.ts). */
async function explain(databaseUrl, { organizationId, workflowIds }, label) {
  const queries = {
    "history first page": `select r.id from workflow_runs r
        left join users u on u.id = r.started_by left join runners n on n.id = r.runner_id
        where r.organization_id = $1 and r.workflow_id = $2
        order by r.started_at desc, r.id desc limit 26`,
    "health panel": HEALTH_PANEL_SQL,
    // Every run of the organization (decision 087), on workflow_runs_org_history_idx.
    "runs first page": `select r.id from workflow_runs r
        join workflows w on w.id = r.workflow_id
        left join users u on u.id = r.started_by left join runners n on n.id = r.runner_id
        where r.organization_id = $1 and r.parent_run_id is null
        order by r.started_at desc, r.id desc limit 26`,
  };
  console.log(`  EXPLAIN ANALYZE with ${label}:`);
  for (const [name, sql] of Object.entries(queries)) {
    const params = name === "history first page" ? [organizationId, workflowIds[0]] : [organizationId];
    const plan = await queryDatabase(databaseUrl, `explain (analyze, costs off) ${sql}`, params);
    const lines = plan.map((row) => row["QUERY PLAN"]);
    const scans = [
      ...new Set(
        lines
          .filter((line) => /Scan/.test(line))
          .map((line) =>
            line
              .trim()
              .replace(/^->\s*/, "")
              .replace(/ \(actual.*$/, ""),
          ),
      ),
    ];
    const time = lines.find((line) => line.startsWith("Execution Time"));
    console.log(`    ${name}: ${time}; ${scans.join("; ")}`);
  }
}

// The panel's query as modules/runs/history-repository.ts asks it (decision 034); keep the two alike.
const HEALTH_PANEL_SQL = `select w.id, w.name, l.status, l.started_at, s.ended, s.succeeded
  from workflows w
  left join lateral (
    select r.status, r.started_at from workflow_runs r
    where r.workflow_id = w.id order by r.started_at desc, r.id desc limit 1
  ) l on true
  cross join lateral (
    select coalesce(sum(d.ended), 0)::int as ended, coalesce(sum(d.succeeded), 0)::int as succeeded
    from workflow_run_days d
    where d.workflow_id = w.id and d.day > (now() at time zone 'UTC')::date - 30
  ) s
  where w.organization_id = $1
  order by w.name, w.id
  limit 500`;

/**
 * The run routes' p99 under load (autocannon, 10 connections) first with retention idle, then
 * while it deletes the runs older than KEEP_DAYS (a tenth of them), until they are gone.
 */
async function retentionUnderLoad({ server, api, session, database, org }) {
  const [recent] = await queryDatabase(
    database.url,
    `select id from workflow_runs where workflow_id = $1 order by started_at desc, id desc limit 1`,
    [org.workflowIds[0]],
  );
  const base = `/api/orgs/${org.organizationId}`;
  const routes = [
    { name: "GET run", path: `${base}/runs/${recent.id}` },
    { name: "GET run logs", path: `${base}/runs/${recent.id}/logs` },
    { name: "GET history, first page", path: `${base}/workflows/${org.workflowIds[0]}/history` },
  ];
  // Runs keep crossing the line as time passes: count those older than it was when the bench began.
  const [{ cutoff }] = await queryDatabase(database.url, `select now() - make_interval(days => $1) as cutoff`, [
    KEEP_DAYS,
  ]);
  const oldRuns = async () =>
    (
      await queryDatabase(database.url, `select count(*)::int as count from workflow_runs where started_at < $1`, [
        cutoff,
      ])
    )[0].count;
  const load = async () => {
    const p99s = [];
    for (const route of routes) {
      const result = await autocannon({
        url: server.url + route.path,
        headers: { cookie: session.cookie },
        connections: 10,
        duration: LOAD_SECONDS / 2,
      });
      if (result.errors || result.non2xx)
        throw new Error(`${route.name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
      p99s.push(result.latency.p99);
    }
    return p99s;
  };

  console.log(`\n  Retention: ${await oldRuns()} runs older than ${KEEP_DAYS} days`);
  const idle = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) idle.push(await load());
  const started = performance.now();
  await api("PUT", "/retention", { keepRunsDays: KEEP_DAYS, maxRunsPerWorkflow: 100_000 });
  const deleting = [];
  let left;
  do {
    deleting.push(await load());
    left = await oldRuns();
    console.log(`    ${left} old runs left after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } while (left > 0 && deleting.length < 40);
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // autocannon's last requests finish
  console.log(`  run routes' p99 (ms), ${LOAD_SECONDS / 2} s of load each, retention idle vs deleting:`);
  for (const [index, route] of routes.entries()) {
    const before = idle.map((p99s) => p99s[index]);
    const during = deleting.map((p99s) => p99s[index]);
    console.log(
      `    ${route.name.padEnd(24)} idle: median ${median(before)} (${Math.min(...before)}–${Math.max(...before)}); ` +
        `deleting: median ${median(during)}, p90 of rounds ${percentile(during, 90)} (${Math.min(...during)}–${Math.max(...during)}, ${during.length} rounds)`,
    );
  }
  console.log(`  retention deleted the old runs in about ${seconds.toFixed(0)} s (${left} left)`);
}
