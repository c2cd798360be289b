import { AppError, MESSAGES } from "@flowdeck/shared";
import type { Retention, RunPin } from "@flowdeck/shared/retention/schemas";
import { RUNNER_MESSAGES } from "@flowdeck/shared/runners/messages";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/database.ts";
import { organizations, workflowRuns } from "../../db/schema/index.ts";
import type { EventHub } from "../../lib/event-hub.ts";

type Scope = { db: Executor; organizationId: string };

/** The organization's retention (decision 031); any member may read it. */
export async function getRetention({ db, organizationId }: Scope): Promise<Retention> {
  const [row] = await db
    .select({ keepRunsDays: organizations.keepRunsDays, maxRunsPerWorkflow: organizations.maxRunsPerWorkflow })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw new AppError("not-found", MESSAGES.organizationNotFound);
  return row;
}

/** Owners set it; the retention job applies it on its next pass. */
export async function setRetention({
  db,
  events,
  organizationId,
  retention,
}: Scope & { events: EventHub; retention: Retention }): Promise<Retention> {
  await db.update(organizations).set(retention).where(eq(organizations.id, organizationId));
  await events.publish(organizationId, { entity: "organization", id: organizationId, action: "updated" });
  return getRetention({ db, organizationId });
}

/** Pins or unpins a run of the organization: a pinned run is never deleted. 404 for another's. */
export async function setRunPinned({
  db,
  events,
  organizationId,
  runId,
  pinned,
}: Scope & { events: EventHub; runId: string; pinned: boolean }): Promise<RunPin> {
  const [row] = await db
    .update(workflowRuns)
    .set({ pinned })
    .where(and(eq(workflowRuns.id, runId), eq(workflowRuns.organizationId, organizationId)))
    .returning({ id: workflowRuns.id, pinned: workflowRuns.pinned, workflowId: workflowRuns.workflowId });
  if (!row) throw new AppError("not-found", RUNNER_MESSAGES.runNotFound);
  await events.publish(organizationId, { entity: "run", id: row.id, action: "updated" });
  return { id: row.id, pinned: row.pinned };
}
