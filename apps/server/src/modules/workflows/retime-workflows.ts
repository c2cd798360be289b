import { nextExecution } from "@flowdeck/shared/workflows/schedule";
import type { Executor } from "../../db/database.ts";
import { updateWorkflow } from "./repository.ts";
import { claimRetimedWorkflows } from "./scheduler-repository.ts";

/**
 * Moves waiting schedules onto their organization's current clock after its timezone changed:
 * "Monday 09:00" stays Monday 09:00, in the new zone. Runs in the caller's transaction (the
 * settings change itself, or a scheduler tick catching up); returns what moved, so the caller
 * can publish it after commit.
 */
export async function retimeWorkflows(
  tx: Executor,
  options: { now: Date; limit: number; organizationId?: string },
): Promise<{ id: string; organizationId: string }[]> {
  const rows = await claimRetimedWorkflows(tx, options);
  for (const row of rows) {
    await updateWorkflow(tx, row.organizationId, row.id, {
      nextExecution: nextExecution(row.schedule, { now: options.now, timezone: row.timezone }),
      scheduleTimezone: row.timezone,
    });
  }
  return rows.map(({ id, organizationId }) => ({ id, organizationId }));
}
