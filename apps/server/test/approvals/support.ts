import type { ApprovalPolicyInput } from "@flowdeck/shared/runs/approvals";
import type { FastifyInstance } from "fastify";
import { createRunSweeper } from "../../src/jobs/run-sweeper.ts";
import { createScheduler } from "../../src/jobs/scheduler.ts";
import { addMember, createOrgWithRoles, createUser, uniqueEmail, type TestUser } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { createLinuxWorkflow } from "../runners/runner-client.ts";

/** An organization with every role and a second admin: four eyes need two people who may approve. */
export async function createApprovalOrg(app: FastifyInstance) {
  const org = await createOrgWithRoles(app);
  const admin2: TestUser = await createUser(app, { email: uniqueEmail("admin2") });
  await addMember(app, { organizationId: org.organizationId, userId: admin2.id, role: "admin" });
  return { ...org, admin2 };
}

export const orgUrl = (orgId: string, rest: string) => `/api/orgs/${orgId}${rest}`;
export const runUrl = (orgId: string, runId: string, rest = "") => orgUrl(orgId, `/runs/${runId}${rest}`);

/** A Linux workflow (made by an owner or admin) that requires approval. */
export async function createGatedWorkflow(
  admin: TestClient,
  orgId: string,
  approval: ApprovalPolicyInput = {},
  options: { name?: string; lines?: string[] } = {},
) {
  const workflow = await createLinuxWorkflow(admin, orgId, options.lines ?? ["echo deploy"], options.name ?? "Deploy");
  const response = await admin.patch(orgUrl(orgId, `/workflows/${workflow.id}`), { approval });
  if (response.status !== 200) throw new Error(`approval not set: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as typeof workflow & { approval: Required<ApprovalPolicyInput> };
}

/** Run now (Linux) with a note: the run, which awaits approval. */
export async function askForRun(client: TestClient, orgId: string, workflowId: string, body: object = {}) {
  const response = await client.post(orgUrl(orgId, `/workflows/${workflowId}/execute`), {
    platform: "linux",
    note: "Ship 2.4 to production",
    ...body,
  });
  if (response.status !== 201) throw new Error(`run now failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; status: string };
}

export const approve = (client: TestClient, orgId: string, runId: string, comment = "Looks right") =>
  client.post(runUrl(orgId, runId, "/approve"), { comment });
export const reject = (client: TestClient, orgId: string, runId: string, comment = "Not during the sale") =>
  client.post(runUrl(orgId, runId, "/reject"), { comment });

export const sweeperOf = (app: FastifyInstance) =>
  createRunSweeper({ db: app.db, events: app.events, logger: { error: () => {} }, leaseMs: 60_000 });
export const schedulerOf = (app: FastifyInstance) => createScheduler({ db: app.db, events: app.events });
