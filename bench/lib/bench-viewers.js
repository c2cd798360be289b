// `node bench/run.js --viewers` (decision 059): what open browsers cost while one run prints. See
// bench/README.md, "Viewers of a printing run".
import { openEventStream } from "./events.js";
import { createScratchDatabase } from "./postgres.js";
import { openRunStream } from "./run-stream.js";
import { startRunners } from "./runner-processes.js";
import { startServer } from "./server.js";
import { ownerApi, registerOwner } from "./session.js";
import { ms, percentile } from "./stats.js";
import { createWorkflow, runEnded, runNow } from "./bench-workflows.js";
import { createChangeWaiters } from "./wait-for-change.js";

const LINES = Number(process.env.BENCH_VIEWER_LINES ?? 200_000);
const FIRST_OUTPUT_RUNS = Number(process.env.BENCH_FIRST_OUTPUT_RUNS ?? 20);
/**
 * "current": the app of this checkout (run views on their stream, LIVE_REFRESH); "legacy": the app
 * before decision 059 (every view on the organization's stream, refetching on each `run` event),
 * for a server built from an earlier commit (BENCH_SERVER_ROOT).
 */
const MODEL = process.env.BENCH_VIEWER_MODEL ?? "current";

/**
 * The five viewers of other pages and what each page reads again when a change of an entity comes,
 * as the web app's live-update hook decides it: LIVE_REFRESH (packages/shared/src/events.ts) for the
 * current app, the hook's hand-written rules for the legacy one. Only the entities a printing run
 * announces are listed.
 */
const OTHER_PAGES = {
  current: {
    tasks: { run: [], workflow: [], audit: [] },
    dashboard: { run: ["/overview", "/workflow-health"], workflow: ["/overview", "/workflow-health"], audit: [] },
    audit: { run: ["/audit"], workflow: ["/audit"], audit: ["/audit"] },
    workflows: { run: ["/workflows", "/workflows/stats"], workflow: ["/workflows", "/workflows/stats"], audit: [] },
    runners: { run: [], workflow: [], audit: [], runner: ["/runners"] },
  },
  legacy: {
    tasks: { run: [], workflow: [], audit: [] },
    // The overview and the audit page were refreshed by every event; the health panel by none.
    dashboard: { run: ["/overview"], workflow: ["/overview"], audit: ["/overview"] },
    audit: { run: ["/audit"], workflow: ["/audit"], audit: ["/audit"] },
    // A card's run list (…/runs) and the history were refreshed by every run event.
    workflows: { run: ["/workflows/{workflowId}/runs"], workflow: ["/workflows", "/workflows/stats"], audit: [] },
    runners: { run: [], workflow: [], audit: [], runner: ["/runners"] },
  },
};

export async function benchViewers(adminUrl) {
  console.log(`\nViewers of a printing run on PostgreSQL (${MODEL} app): 5 run views, 5 other pages, ${LINES} lines`);
  const database = await createScratchDatabase(adminUrl);
  const cleanups = [() => database.drop()];
  try {
    const server = await startServer({ databaseUrl: database.url, eventLoop: true, env: { RUN_LOG_MAX_MB: "64" } });
    cleanups.unshift(() => server.stop());
    const session = await registerOwner(server.url);
    const api = ownerApi(server.url, session);
    const waiters = createChangeWaiters();
    const stream = await openEventStream(server.url, session, waiters.onChange);
    cleanups.unshift(() => stream.close());
    const runners = await startRunners({ url: server.url, api, count: 1 });
    cleanups.unshift(() => runners.stop());
    await waiters.until(
      (change) => change.entity === "runner",
      async () => ((await api("GET", "/runners")).items.some((runner) => runner.online) ? true : undefined),
    );
    const context = { server, session, api, waiters };
    await firstOutput(context);
    const quiet = await printRun(context, { viewers: false });
    const watched = await printRun(context, { viewers: true });
    const seconds = watched.seconds;
    const statements = watched.statements - quiet.statements * (watched.seconds / quiet.seconds);
    console.log(
      `  the run alone: ${quiet.seconds.toFixed(1)} s, ${quiet.statements} statements ` +
        `(${Math.round(quiet.statements / quiet.seconds)}/s)`,
    );
    console.log(
      `  with 10 viewers: ${seconds.toFixed(1)} s, ${watched.statements} statements; the viewers caused ` +
        `${watched.runViewRequests} requests from run views (${(watched.runViewRequests / seconds).toFixed(1)}/s), ` +
        `${watched.otherRequests} from other pages (${(watched.otherRequests / seconds).toFixed(1)}/s), ` +
        `about ${Math.max(0, Math.round(statements))} statements (${Math.max(0, statements / seconds).toFixed(1)}/s)`,
    );
    console.log(
      `  run views received ${watched.runFrames} stream frames and saw ${watched.linesSeen.join(", ")} lines; ` +
        `other pages heard ${watched.otherEvents} changes`,
    );
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

/**
 * Run now → the first line of output in a run view: the current one opens the run's stream, the
 * legacy one fetched the log after each `run` event.
 */
async function firstOutput(context) {
  const { api, server, session, waiters } = context;
  const workflow = await createWorkflow(api, "First output", "echo first-line");
  const latencies = [];
  for (let index = 0; index < FIRST_OUTPUT_RUNS; index++) {
    const started = performance.now();
    const runId = await runNow(api, workflow.id);
    if (MODEL === "current") {
      let seen;
      const first = new Promise((resolve) => (seen = resolve));
      const view = await openRunStream(server.url, session, runId, {
        onLog: (items) => items.some((chunk) => chunk.text.includes("first-line")) && seen(),
      });
      await first;
      latencies.push(performance.now() - started);
      await view.close();
    } else {
      await waiters.until(
        (change) => change.entity === "run" && change.id === runId,
        async () => {
          const page = await api("GET", `/runs/${runId}/logs?after=0`);
          return page.items.some((chunk) => chunk.text.includes("first-line")) ? true : undefined;
        },
      );
      latencies.push(performance.now() - started);
    }
    await runEnded(context, runId);
  }
  console.log(
    `  Run now → first output line in a run view (${latencies.length} runs): p50 ${ms(percentile(latencies, 50))} ms, ` +
      `p95 ${ms(percentile(latencies, 95))} ms`,
  );
}

/**
 * One run printing LINES lines, with or without the ten viewers; answers the statements the server
 * sent meanwhile and what the viewers did.
 */
async function printRun(context, { viewers }) {
  const { api, server } = context;
  // Printed over about ten seconds (40 parts, a quarter of a second apart), as a long job prints.
  const part = Math.ceil(LINES / 40);
  const command = `for i in $(seq 1 40); do seq 1 ${part}; sleep 0.25; done`;
  const workflow = await createWorkflow(api, `Print ${viewers ? "watched" : "alone"}`, command);
  const runId = await runNow(api, workflow.id);
  const open = viewers ? await openViewers(context, runId, workflow.id) : null;
  const before = await server.eventLoop.statements();
  const started = performance.now();
  await runEnded(context, runId);
  const seconds = (performance.now() - started) / 1000;
  const statements = (await server.eventLoop.statements()) - before;
  const result = open ? await open.close() : { runViewRequests: 0, otherRequests: 0, runFrames: 0, otherEvents: 0 };
  return { seconds, statements, linesSeen: [], ...result };
}

/**
 * Five run views and five other pages of the organization, reacting like browsers. The legacy run
 * views, and all the other pages, share one connection to the organization's stream each (one user
 * may hold ten streams): what each view fetches on each change is the same as with its own.
 */
async function openViewers(context, runId, workflowId) {
  const { server, session, api } = context;
  const counts = { runViewRequests: 0, otherRequests: 0, runFrames: 0, otherEvents: 0 };
  const lines = [0, 0, 0, 0, 0];
  const closers = [];
  const countInto = (index) => (items) => {
    for (const chunk of items) if (chunk.stream === "stdout") lines[index] += chunk.text.split("\n").length - 1;
  };
  if (MODEL === "current") {
    for (const index of lines.keys()) {
      const view = await openRunStream(server.url, session, runId, { onLog: countInto(index) });
      closers.push(async () => {
        counts.runFrames += view.frames();
        await view.close();
      });
    }
  } else {
    const followers = [...lines.keys()].map((index) => legacyRunView(api, runId, countInto(index), counts));
    const events = await openEventStream(server.url, session, (change) => {
      if (change.entity === "run" || change.entity === "workflow") for (const follow of followers) void follow();
    });
    closers.push(() => events.close());
  }
  const pages = Object.values(OTHER_PAGES[MODEL]);
  const events = await openEventStream(server.url, session, (change) => {
    for (const refresh of pages) {
      counts.otherEvents++;
      for (const route of refresh[change.entity] ?? []) {
        counts.otherRequests++;
        void api("GET", route.replace("{workflowId}", workflowId)).catch(() => {});
      }
    }
  });
  closers.push(() => events.close());
  return {
    close: async () => {
      for (const close of closers) await close();
      return { ...counts, linesSeen: lines };
    },
  };
}

/** The run view before decision 059: on each change, the run again and the log after what it has. */
function legacyRunView(api, runId, count, counts) {
  let after = 0;
  let busy = false;
  let again = false;
  return async function follow() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        counts.runViewRequests += 2;
        await api("GET", `/runs/${runId}`);
        const page = await api("GET", `/runs/${runId}/logs?after=${after}&limit=2000`);
        count(page.items);
        after = page.next;
      } while (again);
    } finally {
      busy = false;
    }
  };
}
