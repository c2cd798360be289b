// `node bench/run.js --runners` (issue 12): real runner programs against the built server on
// PostgreSQL. See bench/README.md, "Runners".
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { connectDatabase, createScratchDatabase, queryDatabase } from "./postgres.js";
import { openEventStream } from "./events.js";
import { startRunners } from "./runner-processes.js";
import { startServer } from "./server.js";
import { ownerApi, registerOwner } from "./session.js";
import { ms, pause, percentile, spread } from "./stats.js";
import { openRunStream } from "./run-stream.js";
import { createWorkflow, runEnded, runNow } from "./bench-workflows.js";
import { createChangeWaiters, ENDED_RUN_STATUSES } from "./wait-for-change.js";

const RUNNERS = Number(process.env.BENCH_RUNNERS ?? 4);
/** Runs each runner program executes at once (`flowdeck-runner start --concurrency`). */
const CONCURRENCY = Number(process.env.BENCH_RUNNER_CONCURRENCY ?? 1);
const FIRST_OUTPUT_RUNS = Number(process.env.BENCH_FIRST_OUTPUT_RUNS ?? 30);
const BIG_OUTPUT_LINES = Number(process.env.BENCH_BIG_OUTPUT_LINES ?? 200_000);
const BIG_OUTPUT_REPEATS = Number(process.env.BENCH_BIG_OUTPUT_REPEATS ?? 2);
/** The organization's secrets given to the second big-output run (issue "Safe inputs"). */
const SECRETS = Number(process.env.BENCH_SECRETS ?? 50);
/** Linux's USER_HZ: /proc reports CPU time in these. */
const CLOCK_TICKS_PER_SECOND = 100;
const SUSTAINED_RUNS = Number(process.env.BENCH_SUSTAINED_RUNS ?? 500);
const SUSTAINED_PER_MINUTE = Number(process.env.BENCH_SUSTAINED_PER_MINUTE ?? 500);
/** One run may be under way per workflow, so this many workflows take turns. */
const SUSTAINED_WORKFLOWS = 100;

export async function benchRunners(adminUrl) {
  console.log(`\nRunners on PostgreSQL: ${RUNNERS} runner programs at concurrency ${CONCURRENCY}`);
  const database = await createScratchDatabase(adminUrl);
  const cleanups = [() => database.drop()];
  try {
    // The run's log cap is raised so that the 200,000 lines are stored whole.
    const server = await startServer({ databaseUrl: database.url, eventLoop: true, env: { RUN_LOG_MAX_MB: "64" } });
    cleanups.unshift(() => server.stop());
    const session = await registerOwner(server.url);
    const api = ownerApi(server.url, session);
    const waiters = createChangeWaiters();
    const stream = await openEventStream(server.url, session, waiters.onChange);
    cleanups.unshift(() => stream.close());
    const runners = await startRunners({ url: server.url, api, count: RUNNERS, concurrency: CONCURRENCY });
    cleanups.unshift(() => runners.stop());
    console.log(`  runner pids ${runners.pids.join(", ")}; server pid ${server.pid}`);
    await waiters.until(
      (change) => change.entity === "runner",
      async () => ((await api("GET", "/runners")).items.filter((r) => r.online).length >= RUNNERS ? true : undefined),
    );
    const context = { server, session, api, waiters, runners, databaseUrl: database.url };

    // A part set to 0 runs is skipped (BENCH_FIRST_OUTPUT_RUNS=0 BENCH_SUSTAINED_RUNS=0: the big output only).
    if (FIRST_OUTPUT_RUNS > 0) await firstOutput(context);
    if (BIG_OUTPUT_REPEATS > 0) await bigOutput(context);
    if (SUSTAINED_RUNS > 0) {
      await sustained(context, { runs: SUSTAINED_RUNS, perMinute: SUSTAINED_PER_MINUTE });
      await sustained(context, { runs: SUSTAINED_RUNS, perMinute: Infinity });
    }
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

/** Run now → the first line of output in a client that follows the run's stream, as the run view does. */
async function firstOutput(context) {
  const { api, server, session } = context;
  const workflow = await createWorkflow(api, "First output", "echo first-line");
  const latencies = [];
  for (let index = 0; index < FIRST_OUTPUT_RUNS; index++) {
    const started = performance.now();
    const runId = await runNow(api, workflow.id);
    let seen;
    const first = new Promise((resolve) => (seen = resolve));
    const view = await openRunStream(server.url, session, runId, {
      onLog: (items) => items.some((chunk) => chunk.stream === "stdout" && chunk.text.includes("first-line")) && seen(),
    });
    await first;
    await view.close();
    latencies.push(performance.now() - started);
    await runEnded(context, runId);
  }
  console.log(
    `  Run now → first output line (${latencies.length} runs, one after another): ` +
      `p50 ${ms(percentile(latencies, 50))} ms, p95 ${ms(percentile(latencies, 95))} ms, ` +
      `max ${ms(Math.max(...latencies))} ms`,
  );
}

/**
 * One step printing BIG_OUTPUT_LINES lines, followed live by one client as the run view does.
 * Lines per second: the lines over the time from the step's start to the run's end (both the
 * server's clock), as stored; the server's event-loop delay and /healthz latency meanwhile. Each
 * repeat runs it twice, alternated: as it is, and given BENCH_SECRETS (50) of the organization's
 * secrets, which the runner and the server mask in every line (decision 064); the runners' CPU per
 * MB of output says what masking costs on the machine.
 */
async function bigOutput(context) {
  const { api } = context;
  const command = `seq 1 ${BIG_OUTPUT_LINES}`;
  const plain = await createWorkflow(api, "Big output", command);
  const masked = await createWorkflow(api, "Big output with secrets", command);
  const names = [];
  for (let index = 1; index <= SECRETS; index++) {
    const name = `BENCH_SECRET_${index}`;
    await api("PUT", `/secrets/${name}`, { value: randomBytes(24).toString("base64url"), description: "bench" });
    names.push(name);
  }
  await api("PATCH", `/workflows/${masked.id}`, { secrets: names });
  const rates = { plain: [], masked: [] };
  const cpuPerMb = { plain: [], masked: [] };
  for (let repeat = 1; repeat <= BIG_OUTPUT_REPEATS; repeat++) {
    for (const [kind, workflow] of [
      ["plain", plain],
      ["masked", masked],
    ]) {
      const result = await oneBigRun(
        context,
        workflow,
        `repeat ${repeat}, ${kind === "plain" ? "no secrets" : `${SECRETS} secrets`}`,
      );
      rates[kind].push(result.linesPerSecond);
      cpuPerMb[kind].push(result.runnerCpuMs / result.megabytes);
    }
  }
  const ratios = rates.masked.map((rate, index) => rate / rates.plain[index]);
  console.log(
    `  with ${SECRETS} secrets / without, lines per second stored: ${spread(ratios)} (target ≥ 0.80); ` +
      `runners' CPU per MB of output: ${spread(cpuPerMb.plain, 0)} ms without, ${spread(cpuPerMb.masked, 0)} ms with`,
  );
}

async function oneBigRun(context, workflow, label) {
  const { api, server, runners } = context;
  await server.eventLoop.reset();
  const probe = probeHealthz(server.url);
  const cpuBefore = await cpuMs(runners.pids);
  const runId = await runNow(api, workflow.id);
  const followed = followLog(context, runId, BIG_OUTPUT_LINES);
  const run = await runEnded(context, runId);
  const linesSeen = await followed;
  const runnerCpuMs = (await cpuMs(runners.pids)) - cpuBefore;
  const healthz = await probe.stop();
  const loop = await server.eventLoop.report();
  const stored = await queryDatabase(
    context.databaseUrl,
    `select count(*)::int as chunks, coalesce(sum(bytes), 0)::int as bytes from run_log_chunks
      where run_id = $1 and stream = 'stdout'`,
    [runId],
  );
  const seconds = (Date.parse(run.finishedAt) - Date.parse(run.steps[0].startedAt)) / 1000;
  const megabytes = stored[0].bytes / 1e6;
  const linesPerSecond = BIG_OUTPUT_LINES / seconds;
  console.log(
    `  ${BIG_OUTPUT_LINES} lines, ${label}: ${run.status}; ${Math.round(linesPerSecond)} lines/s ` +
      `stored (${seconds.toFixed(1)} s, ${stored[0].chunks} chunks, ${megabytes.toFixed(2)} MB); ` +
      `the live client saw ${linesSeen} lines; runners' CPU ${Math.round(runnerCpuMs)} ms`,
  );
  console.log(
    `    server event-loop delay meanwhile: p50 ${ms(loop.p50Ms)} ms, p99 ${ms(loop.p99Ms)} ms, max ${ms(loop.maxMs)} ms; ` +
      `GET /healthz every 50 ms: p50 ${ms(healthz.p50)} ms, p99 ${ms(healthz.p99)} ms, max ${ms(healthz.max)} ms`,
  );
  return { linesPerSecond, runnerCpuMs, megabytes };
}

/**
 * The processes' CPU time so far (user + system), from /proc: what the bench adds is nothing. With
 * `children`, the time of their children that ended too (a runner's step shells).
 */
async function cpuMs(pids, { children = false } = {}) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    if (!stat) continue; // ended since it was listed
    // Fields after the command's closing parenthesis; utime, stime, cutime, cstime are the 14th to 17th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
    if (children) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Every PostgreSQL process of the machine (its backends come and go with the pools). */
async function postgresPids() {
  const entries = await readdir("/proc");
  const pids = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const command = await readFile(`/proc/${entry}/comm`, "utf8").catch(() => "");
    if (command.trim() === "postgres") pids.push(Number(entry));
  }
  return pids;
}

/** CPU time so far of the server, the runners (with their steps), PostgreSQL and this bench, in ms. */
async function cpuSplit(context) {
  const bench = process.cpuUsage();
  return {
    server: await cpuMs([context.server.pid]),
    runners: await cpuMs(context.runners.pids, { children: true }),
    postgres: await cpuMs(await postgresPids()),
    bench: (bench.user + bench.system) / 1000,
  };
}

/**
 * Follows the run's stream as the run view does until the run has ended and all `expected` lines
 * came (the stream sends a run's end after the output it printed before); answers lines seen.
 */
async function followLog({ server, session }, runId, expected) {
  let lines = 0;
  let ended = false;
  let finish;
  const done = new Promise((resolve) => (finish = resolve));
  const check = () => ended && lines >= expected && finish();
  const view = await openRunStream(server.url, session, runId, {
    onRun: (run) => {
      ended = ENDED_RUN_STATUSES.has(run.status);
      check();
    },
    onLog: (items) => {
      for (const chunk of items) if (chunk.stream === "stdout") lines += chunk.text.split("\n").length - 1;
      check();
    },
  });
  await done;
  await view.close();
  return lines;
}

/** GET /healthz every 50 ms until stopped: what the event loop costs a request that needs nothing. */
function probeHealthz(url) {
  const latencies = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${url}/healthz`)).text();
      latencies.push(performance.now() - started);
      await pause(50);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies) };
    },
  };
}

/**
 * `runs` runs of `true`, asked for at `perMinute` (Infinity: as fast as workflows free up) over
 * SUSTAINED_WORKFLOWS workflows. Claim latency, throughput and queue depth come from the runs'
 * own timestamps in the database afterwards, so measuring adds no load while it runs.
 */
async function sustained(context, { runs, perMinute }) {
  const { api } = context;
  const label = Number.isFinite(perMinute) ? `${perMinute} runs/min offered` : "as fast as they go";
  const free = [];
  for (let index = 0; index < SUSTAINED_WORKFLOWS; index++) {
    free.push((await createWorkflow(api, `True ${perMinute} ${index + 1}`, "true")).id);
  }
  const workflowIds = [...free];
  let freed = () => {};
  const errors = [];
  const inFlight = new Set();
  // The bench learns a run has ended from the database, on the run's live events, not through the
  // server's API: what is measured is the runners' path, not this observer (the run view's own cost
  // is --viewers').
  const observer = await connectDatabase(context.databaseUrl);
  const ended = (runId) =>
    context.waiters.until(
      (change) => change.entity === "run" && change.id === runId,
      async () => {
        const [row] = await observer.query("select status from workflow_runs where id = $1", [runId]);
        return row && ENDED_RUN_STATUSES.has(row.status) ? row : undefined;
      },
    );
  const transactionsBefore = await transactionCount(context.databaseUrl);
  const cpuBefore = await cpuSplit(context);
  const began = performance.now();
  for (let index = 0; index < runs; index++) {
    if (Number.isFinite(perMinute)) {
      const due = began + (index * 60_000) / perMinute;
      if (due > performance.now()) await pause(due - performance.now());
    }
    while (free.length === 0) await new Promise((resolve) => (freed = resolve));
    const workflowId = free.shift();
    const flight = runNow(api, workflowId)
      .then((runId) => ended(runId))
      .catch((error) => errors.push(error.message))
      .finally(() => {
        free.push(workflowId);
        inFlight.delete(flight);
        freed();
      });
    inFlight.add(flight);
  }
  await Promise.all(inFlight);
  const wallMs = performance.now() - began;
  await observer.close();
  const cpuAfter = await cpuSplit(context);
  // PostgreSQL flushes a backend's statistics within a second of its last transaction.
  await pause(1_500);
  const transactions = (await transactionCount(context.databaseUrl)) - transactionsBefore;

  const [summary] = await queryDatabase(
    context.databaseUrl,
    `select count(*)::int as runs,
       count(*) filter (where status = 'succeeded')::int as succeeded,
       extract(epoch from max(finished_at) - min(started_at)) as seconds,
       percentile_cont(0.5) within group (order by extract(epoch from claimed_at - started_at)) * 1000 as claim_p50,
       percentile_cont(0.95) within group (order by extract(epoch from claimed_at - started_at)) * 1000 as claim_p95,
       max(extract(epoch from claimed_at - started_at)) * 1000 as claim_max,
       percentile_cont(0.5) within group (order by extract(epoch from finished_at - started_at)) * 1000 as total_p50,
       percentile_cont(0.5) within group (order by extract(epoch from finished_at - claimed_at)) * 1000 as executing_p50
     from workflow_runs where workflow_id = any($1)`,
    [workflowIds],
  );
  // Queued runs (asked for, not yet claimed) sampled every 100 ms over the whole stretch.
  const [queue] = await queryDatabase(
    context.databaseUrl,
    `with span as (select min(started_at) as first, max(finished_at) as last from workflow_runs where workflow_id = any($1)),
       ticks as (select generate_series(first, last, interval '100 milliseconds') as at from span)
     select avg(depth)::float as mean, max(depth)::int as max from (
       select (select count(*) from workflow_runs r where r.workflow_id = any($1)
                 and r.started_at <= ticks.at and (r.claimed_at is null or r.claimed_at > ticks.at)) as depth
       from ticks) samples`,
    [workflowIds],
  );
  const perMinuteDone = (summary.runs / Number(summary.seconds)) * 60;
  console.log(
    `  ${runs} runs of \`true\` on ${RUNNERS} runners, ${label}: ${Math.round(perMinuteDone)} runs/min done ` +
      `(${summary.succeeded}/${summary.runs} succeeded, ${errors.length} errors${errors.length ? `: ${errors[0]}` : ""})`,
  );
  console.log(
    `    claim latency (queued → claimed) p50 ${ms(summary.claim_p50)} ms, p95 ${ms(summary.claim_p95)} ms, ` +
      `max ${ms(Number(summary.claim_max))} ms; claimed → ended p50 ${ms(summary.executing_p50)} ms, ` +
      `queued → ended p50 ${ms(summary.total_p50)} ms; ` +
      `queue depth mean ${queue.mean.toFixed(1)}, max ${queue.max}; ` +
      `${(transactions / runs).toFixed(1)} database transactions per run (the bench's own status reads included)`,
  );
  const perRun = (part) => ((cpuAfter[part] - cpuBefore[part]) / runs).toFixed(1);
  const busy = Object.keys(cpuAfter).reduce((sum, part) => sum + cpuAfter[part] - cpuBefore[part], 0);
  console.log(
    `    CPU per run: server ${perRun("server")} ms, runners with their steps ${perRun("runners")} ms, ` +
      `PostgreSQL ${perRun("postgres")} ms, this bench ${perRun("bench")} ms; ` +
      `${((busy / wallMs) * 100).toFixed(0)} % of one core over the round (the machine has 2)`,
  );
}

/** Transactions committed or rolled back in the database so far (every statement outside one is its own). */
async function transactionCount(databaseUrl) {
  const [row] = await queryDatabase(
    databaseUrl,
    "select (xact_commit + xact_rollback)::bigint as count from pg_stat_database where datname = current_database()",
  );
  return Number(row.count);
}
