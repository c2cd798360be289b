import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { organizations } from "../../src/db/schema/index.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { createTask } from "../tasks/task-factory.ts";

export function workflowsUrl(orgId: string, rest = "") {
  return `/api/orgs/${orgId}/workflows${rest}`;
}

/** Active commands made through the tasks API, named as given. */
export async function createCommands(client: TestClient, orgId: string, names: string[]) {
  const commands = [];
  for (const name of names) commands.push(await createTask(client, orgId, { name }));
  return commands;
}

/** A valid workflow body over the given command ids; `overrides` replace its fields. */
export function workflowBody(taskIds: string[], overrides: Record<string, unknown> = {}) {
  return { name: "Deploy the web app", description: "Build, ship and check", taskIds, ...overrides };
}

/** Creates a workflow through the API and returns it; fails the test on any other answer. */
export async function createWorkflow(
  client: TestClient,
  orgId: string,
  taskIds: string[],
  overrides: Record<string, unknown> = {},
) {
  const response = await client.post(workflowsUrl(orgId), workflowBody(taskIds, overrides));
  if (response.status !== 201) {
    throw new Error(`workflow creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as Record<string, any> & { id: string; steps: { id: string; taskId: string | null }[] };
}

/** Sets the organization's timezone directly (the settings API belongs to another feature). */
export async function setTimezone(app: FastifyInstance, orgId: string, timezone: string) {
  await app.db.update(organizations).set({ timezone }).where(eq(organizations.id, orgId));
}
