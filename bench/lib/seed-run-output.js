// A finished run whose one step wrote `lines` lines of output, made over the runner protocol as a
// runner program would send it (docs/runner-protocol.md), so no runner process is needed: the run
// view Lighthouse measures (issue 33 item 6).
import { ownerApi } from "./session.js";

const RUNNER_HEADERS = { "content-type": "application/json", "flowdeck-runner-version": "0.1.0" };
const LINES_PER_BATCH = 2_000;

export async function seedRunWithOutput(url, session, lines) {
  const api = ownerApi(url, session);
  const task = await api("POST", "/tasks", {
    name: "Print the deploy log",
    category: "general",
    commands: { linux: `seq 1 ${lines}` },
  });
  const workflow = await api("POST", "/workflows", { name: "Deploy log", taskIds: [task.id] });
  const { token } = await api("POST", "/runners/registration-tokens");
  const { secret } = await runnerCall(url, null, "/register", {
    token,
    name: "bench-lighthouse",
    labels: [],
    os: "linux",
    arch: "x64",
    version: "0.1.0",
  });
  const run = await api("POST", `/workflows/${workflow.id}/execute`, {});
  const { job } = await runnerCall(url, secret, "/jobs/claim", {});
  if (job?.runId !== run.id) throw new Error(`the bench's runner claimed ${job?.runId}, not ${run.id}`);
  await runnerCall(url, secret, `/runs/${run.id}/steps/0`, { state: "started" });
  for (let first = 1, seq = 1; first <= lines; first += LINES_PER_BATCH, seq++) {
    const last = Math.min(lines, first + LINES_PER_BATCH - 1);
    let text = "";
    for (let line = first; line <= last; line++) {
      text += `${new Date(Date.UTC(2026, 10, 28, 3, 0, line % 60)).toISOString()} deploy web-${line % 7}: step ${line} of ${lines} done\n`;
    }
    await runnerCall(url, secret, `/runs/${run.id}/logs`, { seq, chunks: [{ position: 0, stream: "stdout", text }] });
  }
  await runnerCall(url, secret, `/runs/${run.id}/steps/0`, {
    state: "finished",
    outcome: "succeeded",
    exitCode: 0,
    signal: null,
  });
  await runnerCall(url, secret, `/runs/${run.id}/complete`, { outcome: "succeeded" });
  return `/workflows/runs/${run.id}`;
}

async function runnerCall(url, secret, path, body) {
  const headers = secret ? { ...RUNNER_HEADERS, authorization: `Bearer ${secret}` } : RUNNER_HEADERS;
  const response = await fetch(`${url}/api/runner/v1${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/runner/v1${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : {};
}
