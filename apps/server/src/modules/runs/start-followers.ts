import { AppError } from "@flowdeck/shared";
import type { RunStatus } from "@flowdeck/shared/runs/constants";
import { mapRunAfterParameters, runAfterFollows, type RunAfterSource } from "@flowdeck/shared/workflows/run-after";
import type { Executor } from "../../db/database.ts";
import { inSavepoint, type ChangeLog } from "../../lib/change-log.ts";
import { listFollowers } from "../workflows/run-after-repository.ts";
import { listSteps, lockWorkflow, type LockedWorkflow } from "../workflows/repository.ts";
import { defaultExecution } from "./execution.ts";
import { startRun } from "./lifecycle.ts";
import { listRunSteps, type RunRecord, type RunStepRow } from "./repository.ts";
import { runOutputs } from "./to-run.ts";

/**
 * "Run after" (decision 073): a run of `workflow` (A) ended as `status`; each workflow B that runs
 * after A on that outcome starts a run, in the same transaction as A's end, through `startRun`
 * (the one gate: parameters checked, approval, secrets, credits, the one-run rule), its trigger
 * `run-after` and `triggeredByRunId` A's run. Each start is a savepoint of its own: a B that cannot
 * start (already running, a mapped value refused, a missing secret, no credits) is recorded in the
 * audit log and leaves A's end, and the other followers, to commit.
 */
export async function startFollowers(
  tx: Executor,
  log: ChangeLog,
  options: { run: RunRecord; workflow: LockedWorkflow; status: RunStatus; now: Date },
) {
  const { run, workflow: after, status, now } = options;
  const followers = (await listFollowers(tx, after.organizationId, after.id)).filter((entry) =>
    runAfterFollows(entry.on, status),
  );
  if (followers.length === 0) return;
  const source = runAfterSource(run, await listRunSteps(tx, run.id));
  for (const follower of followers) {
    let name = follower.workflowId;
    try {
      await inSavepoint(tx, log, async (savepoint, savepointLog) => {
        const workflow = await lockWorkflow(savepoint, after.organizationId, follower.workflowId);
        if (!workflow) return;
        name = workflow.name;
        const steps = await listSteps(savepoint, workflow.organizationId, [workflow.id]);
        await startRun(savepoint, savepointLog, {
          workflow,
          trigger: "run-after",
          triggeredByRunId: run.id,
          requester: { kind: "run-after", runId: run.id },
          now,
          execution: await defaultExecution(savepoint, workflow, steps, now),
          parameters: declaredOnly(workflow, mapRunAfterParameters(follower.parameters, source)),
        });
        savepointLog.record({
          action: "workflow.run",
          organizationId: workflow.organizationId,
          entityId: workflow.id,
          summary: `Ran the workflow "${workflow.name}" after a run of "${after.name}"`,
        });
      });
    } catch (error) {
      // A refusal says why; anything else is a fault, and A's end still commits.
      const reason = error instanceof AppError ? ` (${error.message})` : "";
      log.record({
        action: "workflow.run_after_failed",
        organizationId: after.organizationId,
        entityId: follower.workflowId,
        summary: `Could not start the workflow "${name}" after a run of "${after.name}"${reason}`,
      });
    }
  }
}

/**
 * What a mapping's pointers read: the ended run's parameter values by name, and its steps' outputs
 * (`/outputs/step<n>/<key>`, as reading the run answers them, decision 072). A pointer that finds
 * nothing leaves its parameter to its default.
 */
function runAfterSource(run: RunRecord, steps: readonly RunStepRow[]): RunAfterSource {
  const parameters: Record<string, unknown> = {};
  for (const parameter of run.parameters) parameters[parameter.name] = parameter.value;
  return { parameters, outputs: runOutputs(steps) };
}

/** A mapping may name a parameter the follower no longer declares: that value is dropped. */
function declaredOnly(workflow: LockedWorkflow, values: Record<string, unknown>) {
  const declared = new Set(workflow.parameters.map((parameter) => parameter.name));
  return Object.fromEntries(Object.entries(values).filter(([name]) => declared.has(name)));
}
