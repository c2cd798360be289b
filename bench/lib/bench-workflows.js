import { ENDED_RUN_STATUSES } from "./wait-for-change.js";

/** A workflow of one step whose Linux command is `command`. */
export async function createWorkflow(api, name, command) {
  const task = await api("POST", "/tasks", { name: `${name} step`, commands: { linux: command } });
  return api("POST", "/workflows", { name, taskIds: [task.id] });
}

/**
 * "Run now" on Linux, as the workflow card's button does; answers the queued run's id (the API
 * answers the run; before decision 059 it answered the workflow, which a legacy server still does).
 */
export async function runNow(api, workflowId) {
  const answer = await api("POST", `/workflows/${workflowId}/execute`, { platform: "linux" });
  return answer.lastRun?.id ?? answer.id;
}

/** The run once it has ended, waiting on the organization's stream (`waiters`) for its changes. */
export function runEnded({ api, waiters }, runId) {
  return waiters.until(
    (change) => change.entity === "run" && change.id === runId,
    async () => {
      const run = await api("GET", `/runs/${runId}`);
      return ENDED_RUN_STATUSES.has(run.status) ? run : undefined;
    },
  );
}
