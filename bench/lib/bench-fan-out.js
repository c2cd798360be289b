// `node bench/run.js --fan-out` (issue 30): one workflow on every matching runner, fanned out to
// real runner programs on PostgreSQL. See bench/README.md, "Fan-out".
import { createScratchDatabase } from "./postgres.js";
import { openEventStream } from "./events.js";
import { startRunners } from "./runner-processes.js";
import { startServer } from "./server.js";
import { ownerApi, registerOwner } from "./session.js";
import { ms, percentile } from "./stats.js";
import { runEnded } from "./bench-workflows.js";
import { createChangeWaiters } from "./wait-for-change.js";

const RUNNERS = Number(process.env.BENCH_FAN_OUT_RUNNERS ?? 10);
const RUNS = Number(process.env.BENCH_FAN_OUT_RUNS ?? 10);

/**
 * Run now → every target started (its runner claimed it: the latest target's `startedAt`) and
 * → the run ended (`finishedAt`), both from the moment the client sent Run now, over RUNS runs of
 * `hostname` on RUNNERS runner programs at concurrency 1.
 */
export async function benchFanOut(adminUrl) {
  console.log(`\nFan-out on PostgreSQL: ${RUNNERS} runner programs, ${RUNS} runs of \`hostname\``);
  const database = await createScratchDatabase(adminUrl);
  const cleanups = [() => database.drop()];
  try {
    const server = await startServer({ databaseUrl: database.url });
    cleanups.unshift(() => server.stop());
    const session = await registerOwner(server.url);
    const api = ownerApi(server.url, session);
    const waiters = createChangeWaiters();
    const stream = await openEventStream(server.url, session, waiters.onChange);
    cleanups.unshift(() => stream.close());
    const runners = await startRunners({ url: server.url, api, count: RUNNERS, namePrefix: "fleet" });
    cleanups.unshift(() => runners.stop());
    await waiters.until(
      (change) => change.entity === "runner",
      async () => ((await api("GET", "/runners")).items.filter((r) => r.online).length >= RUNNERS ? true : undefined),
    );
    const task = await api("POST", "/tasks", { name: "Hostname", commands: { linux: "hostname" } });
    const workflow = await api("POST", "/workflows", {
      name: "Fleet hostname",
      taskIds: [task.id],
      target: { mode: "all" },
    });
    const started = [];
    const ended = [];
    for (let index = 0; index < RUNS; index++) {
      const sentAt = Date.now();
      const run = await api("POST", `/workflows/${workflow.id}/execute`, {});
      const done = await runEnded({ api, waiters }, run.id);
      if (done.status !== "succeeded" || done.targets.length !== RUNNERS) {
        throw new Error(`run ${run.id} ${done.status} with ${done.targets.length} targets`);
      }
      started.push(Math.max(...done.targets.map((target) => Date.parse(target.startedAt))) - sentAt);
      ended.push(Date.parse(done.finishedAt) - sentAt);
    }
    const line = (values) =>
      `p50 ${ms(percentile(values, 50))} ms, p95 ${ms(percentile(values, 95))} ms, ` +
      `min–max ${ms(Math.min(...values))}–${ms(Math.max(...values))} ms`;
    console.log(`  Run now → every target started: ${line(started)}`);
    console.log(`  Run now → run ended:            ${line(ended)}`);
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}
