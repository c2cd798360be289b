import { AppError } from "@flowdeck/shared";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { RunnerPlatform } from "@flowdeck/shared/runners/protocol";
import type { RunDetail, RunMode } from "@flowdeck/shared/runs/schemas";
import type { Target } from "@flowdeck/shared/runs/targets";
import type { OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";
import { lockOrThrow } from "../workflows/change-workflow.ts";
import { listSteps } from "../workflows/repository.ts";
import { resolveExecution } from "./execution.ts";
import { requesterOf } from "./gate.ts";
import { startRun } from "./lifecycle.ts";
import { secretsGivenNote } from "../secrets/for-runs.ts";
import { getRun } from "./service.ts";

/**
 * POST execute ("Run now", a script, CI): a run started by a person or a token, executed by a
 * runner of the platform asked for or of the default one (`defaultExecution`), or a checklist
 * when `mode` asks for one. Answers the run. Idempotent with an Idempotency-Key, so a retried
 * click or pipeline step does not run it twice.
 */
export async function executeWorkflow({
  workflowId,
  idempotency,
  request,
  now = new Date(),
  ...scope
}: OrgScope & {
  workflowId: string;
  now?: Date;
  idempotency: Idempotency | null;
  request: {
    mode: RunMode;
    platform?: RunnerPlatform;
    parameters?: Record<string, unknown>;
    note?: string;
    confirmName?: string;
    override?: { reason: string };
    /** Narrows the workflow's target for this run (decision 080). */
    target?: Target | undefined;
  };
}): Promise<RunDetail> {
  const { organizationId, actor } = scope;
  if (request.mode === "checklist" && request.platform) {
    throw new AppError("invalid-argument", RUNNER_MESSAGES.checklistHasNoPlatform, {
      platform: RUNNER_MESSAGES.checklistHasNoPlatform,
    });
  }
  return runIdempotent({
    context: scope,
    idempotency,
    work: async (tx, log) => {
      const workflow = await lockOrThrow(tx, organizationId, workflowId);
      const steps = await listSteps(tx, organizationId, [workflowId]);
      const execution =
        request.mode === "checklist"
          ? null
          : await resolveExecution(tx, {
              workflow,
              steps,
              now,
              asked: { platform: request.platform, target: request.target },
            });
      const run = await startRun(tx, log, {
        workflow,
        steps,
        // A script's token is "api"; a person's Run now is "manual".
        trigger: actor.kind === "token" ? "api" : "manual",
        requester: requesterOf(actor),
        now,
        execution,
        parameters: request.parameters,
        note: request.note,
        confirmName: request.confirmName,
        override: request.override,
      });
      const detail = await getRun({ db: tx, organizationId, runId: run.id });
      // An override of a freeze window is recorded with its reason (decision 071), even for a run that waits.
      const override = detail.freezeOverride ? `, overriding a freeze window: "${detail.freezeOverride}"` : "";
      // A run that awaits approval recorded its request; it is run when approved.
      if (run.status !== "awaiting-approval" || override) {
        const verb = run.status === "awaiting-approval" ? "Asked to run" : "Ran";
        log.record({
          action: "workflow.run",
          entityId: workflowId,
          summary: `${verb} the workflow "${workflow.name}"${execution ? secretsGivenNote(workflow.secretNames) : ""}${override}`,
        });
      }
      return detail;
    },
  });
}
