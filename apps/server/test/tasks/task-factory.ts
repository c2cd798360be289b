import type { TestClient } from "../helpers/http-client.ts";
import { taskBody, tasksUrl } from "../helpers/test-data.ts";

/** Creates a task through the API and returns it; fails the test on any other answer. */
export async function createTask(client: TestClient, orgId: string, overrides: Record<string, unknown> = {}) {
  const response = await client.post(tasksUrl(orgId), taskBody(overrides));
  if (response.status !== 201)
    throw new Error(`task creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; name: string; createdAt: string } & Record<string, any>;
}
