import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";
import { taskBody, tasksUrl, workflowBody, workflowsUrl } from "../../apps/server/test/helpers/test-data.ts";
import { E2E_BASE_URL } from "./env.ts";

// Commands and workflows made through the API with the same bodies the API tests send.

const ORIGIN = { origin: E2E_BASE_URL };

type Created = { id: string } & Record<string, unknown>;

async function created(response: APIResponse): Promise<Created> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Created;
}

/** POST /api/orgs/:orgId/tasks with `taskBody(overrides)`; fails the test unless it answers 201. */
export async function createTask(
  request: APIRequestContext,
  organizationId: string,
  overrides: Record<string, unknown> = {},
): Promise<Created> {
  return created(await request.post(tasksUrl(organizationId), { headers: ORIGIN, data: taskBody(overrides) }));
}

/** POST /api/orgs/:orgId/workflows with `workflowBody(taskIds, overrides)`; fails the test unless it answers 201. */
export async function createWorkflow(
  request: APIRequestContext,
  organizationId: string,
  taskIds: string[],
  overrides: Record<string, unknown> = {},
): Promise<Created> {
  const data = workflowBody(taskIds, overrides);
  return created(await request.post(workflowsUrl(organizationId), { headers: ORIGIN, data }));
}
