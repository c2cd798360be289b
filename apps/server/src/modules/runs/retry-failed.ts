import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import { isFailedRunStatus } from "@flowdeck/shared/runs/constants";
import type { RunDetail } from "@flowdeck/shared/runs/schemas";
import { normalizeTarget, TARGET_MESSAGES } from "@flowdeck/shared/runs/targets";
import type { OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";
import { lockOrThrow } from "../workflows/change-workflow.ts";
import { isFanOut } from "./fan-out.ts";
import { requesterOf } from "./gate.ts";
import { startRun } from "./lifecycle.ts";
import { listTargets, peekRun } from "./repository.ts";
import { getRun } from "./service.ts";

/**
 * POST …/runs/:runId/retry-failed (decision 080): a new run on every matching runner, over only
 * the runners whose targets failed, timed out or were lost, with the same parameters and the same
 * fan-out options. It starts as any run starts (the gate, approvals, credits per target).
 */
export async function retryFailedTargets({
  runId,
  idempotency,
  now = new Date(),
  ...scope
}: OrgScope & { runId: string; idempotency: Idempotency | null; now?: Date }): Promise<RunDetail> {
  const { organizationId, actor } = scope;
  return runIdempotent({
    context: scope,
    idempotency,
    work: async (tx, log) => {
      const run = await peekRun(tx, organizationId, runId);
      if (!run) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
      if (!isFanOut(run) || !run.target) throw new AppError("invalid-argument", TARGET_MESSAGES.notFanOut);
      const failed = (await listTargets(tx, runId)).filter((target) => isFailedRunStatus(target.status));
      const runnerIds = failed.flatMap((target) => (target.runnerId ? [target.runnerId] : []));
      if (runnerIds.length === 0) throw new AppError("invalid-argument", TARGET_MESSAGES.noFailedTargets);
      const workflow = await lockOrThrow(tx, organizationId, run.workflowId);
      const retry = await startRun(tx, log, {
        workflow,
        trigger: actor.kind === "token" ? "api" : "manual",
        requester: requesterOf(actor),
        now,
        execution: { platform: null, target: { ...normalizeTarget(run.target), runnerIds } },
        parameters: Object.fromEntries(run.parameters.map((parameter) => [parameter.name, parameter.value])),
      });
      const names = failed.map((target) => target.runnerName).join(", ");
      log.record({
        action: "workflow.run",
        entityId: workflow.id,
        summary: `Retried the failed targets (${names}) of a run of the workflow "${workflow.name}"`,
      });
      return getRun({ db: tx, organizationId, runId: retry.id });
    },
  });
}
