import { AppError } from "@flowdeck/shared";
import { labelsOfRunner } from "@flowdeck/shared/runners/labels";
import { TARGET_MESSAGES, type Target } from "@flowdeck/shared/runs/targets";
import type { Executor } from "../../db/database.ts";
import { listRunnerPresence } from "../runs/repository.ts";

/**
 * A workflow's target as it is saved (decision 080): a chosen runner must be one of the
 * organization's (not revoked) and carry every label the workflow asks for, so the pin never
 * reaches past the selector.
 */
export async function checkedTarget(
  tx: Executor,
  organizationId: string,
  target: Target,
  runnerLabels: readonly string[],
): Promise<Target> {
  if (target.mode !== "runner") return target;
  const [runner] = await listRunnerPresence(tx, organizationId, target.runnerId);
  if (!runner) fail(TARGET_MESSAGES.runnerNotFound);
  if (!runnerLabels.every((label) => labelsOfRunner(runner).includes(label))) fail(TARGET_MESSAGES.runnerNotMatching);
  return target;
}

function fail(message: string): never {
  throw new AppError("invalid-argument", message, { "target.runnerId": message });
}
