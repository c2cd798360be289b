import type { Workflow } from "@flowdeck/shared/workflows/schemas";
import { attributedUserId } from "../../lib/actor.ts";
import type { OrgScope } from "../../lib/change-log.ts";
import { runIdempotent, type Idempotency } from "../../lib/idempotency.ts";
import { lockOrThrow } from "../workflows/change-workflow.ts";
import { loadWorkflow } from "../workflows/load-workflow.ts";
import type { ExecutionRequest } from "./execution.ts";
import { startRun } from "./lifecycle.ts";

/**
 * POST execute ("Run now"): a run started by a person, like the scheduler's but with trigger
 * 'manual'. Idempotent with an Idempotency-Key, so a retried click does not run it twice.
 */
export async function executeWorkflow({
  workflowId,
  idempotency,
  execution,
  now = new Date(),
  ...scope
}: OrgScope & {
  workflowId: string;
  now?: Date;
  idempotency: Idempotency | null;
  execution: ExecutionRequest | null;
}): Promise<Workflow> {
  const { organizationId, actor } = scope;
  return runIdempotent({
    context: scope,
    idempotency,
    work: async (tx, log) => {
      const workflow = await lockOrThrow(tx, organizationId, workflowId);
      await startRun(tx, log, { workflow, trigger: "manual", startedBy: attributedUserId(actor), now, execution });
      log.record({ action: "workflow.run", entityId: workflowId, summary: `Ran the workflow "${workflow.name}"` });
      return loadWorkflow(tx, organizationId, workflowId);
    },
  });
}
