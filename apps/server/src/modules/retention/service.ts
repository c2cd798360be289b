import { AppError, MESSAGES } from "@flowdeck/shared";
import type { Retention, RunPin } from "@flowdeck/shared/retention/schemas";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import type { Executor } from "../../db/database.ts";
import { changesBetween } from "../../lib/audit-changes.ts";
import { transact, type OrgScope } from "../../lib/change-log.ts";
import { setRunRetention } from "../organizations/repository.ts";
import { setRunPinned as storeRunPinned } from "../runs/repository.ts";
import { findRetention } from "./repository.ts";

type Scope = { db: Executor; organizationId: string };

/** The organization's retention (decision 029); any member may read it. */
export async function getRetention({ db, organizationId }: Scope): Promise<Retention> {
  const row = await findRetention(db, organizationId);
  if (!row) throw new AppError("not-found", MESSAGES.organizationNotFound);
  return row;
}

/** Owners set it; the retention job applies it on its next pass. */
export async function setRetention({ retention, ...context }: OrgScope & { retention: Retention }): Promise<Retention> {
  const { organizationId } = context;
  return transact(context, async (tx, log) => {
    const before = await getRetention({ db: tx, organizationId });
    await setRunRetention(tx, { organizationId, ...retention });
    log.record({
      action: "retention.changed",
      entityId: organizationId,
      summary: `Keep runs ${retention.keepRunsDays} days, at most ${retention.maxRunsPerWorkflow} per workflow`,
      changes: changesBetween(before, retention, ["keepRunsDays", "maxRunsPerWorkflow"]),
    });
    return getRetention({ db: tx, organizationId });
  });
}

/** Pins or unpins a run of the organization: a pinned run is never deleted. 404 for another's. */
export async function setRunPinned({
  runId,
  pinned,
  ...context
}: OrgScope & { runId: string; pinned: boolean }): Promise<RunPin> {
  return transact(context, async (tx, log) => {
    const row = await storeRunPinned(tx, { organizationId: context.organizationId, runId, pinned });
    if (!row) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
    log.record({
      action: pinned ? "run.pinned" : "run.unpinned",
      entityId: row.id,
      summary: pinned ? "Pinned a run: retention keeps it" : "Unpinned a run",
    });
    return { id: row.id, pinned: row.pinned };
  });
}
