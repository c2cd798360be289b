import type { TestClient } from "../helpers/http-client.ts";

/** A valid task body; `overrides` replace its fields. */
export function taskBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Restart web server",
    description: "Restarts nginx after a deploy",
    category: "deployment",
    commands: { linux: "sudo systemctl restart nginx", mac: "brew services restart nginx" },
    tags: ["web", "nginx"],
    ...overrides,
  };
}

export function tasksUrl(orgId: string, rest = "") {
  return `/api/orgs/${orgId}/tasks${rest}`;
}

/** Creates a task through the API and returns it; fails the test on any other answer. */
export async function createTask(client: TestClient, orgId: string, overrides: Record<string, unknown> = {}) {
  const response = await client.post(tasksUrl(orgId), taskBody(overrides));
  if (response.status !== 201)
    throw new Error(`task creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; name: string; createdAt: string } & Record<string, any>;
}
