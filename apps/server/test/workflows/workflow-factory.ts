import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { organizations } from "../../src/db/schema/index.ts";
import type { RoleName } from "../helpers/factories.ts";
import type { TestClient } from "../helpers/http-client.ts";
import { createAppWithRoles, type TestAppOptions } from "../helpers/test-app.ts";
import { workflowBody, workflowsUrl } from "../helpers/test-data.ts";
import { createTask } from "../tasks/task-factory.ts";

/** Active commands made through the tasks API, named as given. */
export async function createCommands(client: TestClient, orgId: string, names: string[]) {
  const commands = [];
  for (const name of names) commands.push(await createTask(client, orgId, { name }));
  return commands;
}

/**
 * Where the workflow tests start: a test app, an organization with a user of every role, and
 * commands named `names` made by its editor (or `maker`).
 */
export async function createAppWithCommands(
  names: string[],
  options: TestAppOptions & { maker?: Exclude<RoleName, "outsider"> } = {},
) {
  const { maker = "editor", ...appOptions } = options;
  const { t, org } = await createAppWithRoles(appOptions);
  const commands = await createCommands(org.users[maker].client, org.organizationId, names);
  return { t, org, commandIds: commands.map((command) => command.id) };
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
