import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { CreateHookInput, HookSecrets } from "@flowdeck/shared/hooks/schemas";
import type { TestClient } from "../helpers/http-client.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";

/** A workflow of one Linux command that declares `git_ref` (required) and `count` (a number up to 9). */
export async function createParameterWorkflow(editor: TestClient, orgId: string, name = "Deploy") {
  const task = await createTask(editor, orgId, { name: `${name} step`, commands: { linux: "make deploy" } });
  return createWorkflow(editor, orgId, [task.id], {
    name,
    parameters: [
      { name: "git_ref", type: "text", required: true },
      { name: "count", type: "number", max: 9 },
    ],
  }) as Promise<{ id: string }>;
}

export async function createHook(editor: TestClient, orgId: string, workflowId: string, input: CreateHookInput) {
  const response = await editor.post(`/api/orgs/${orgId}/workflows/${workflowId}/hooks`, input);
  if (response.status !== 201)
    throw new Error(`create hook failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as HookSecrets;
}

export const sign = (secret: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** A call as another system makes it: no cookie, no Origin, the body as given. */
export async function callHook(
  app: FastifyInstance,
  url: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: "POST",
    url: new URL(url).pathname,
    payload: body,
    headers: { "content-type": "application/json", ...headers },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
