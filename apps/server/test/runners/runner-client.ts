import { RUNNER_API_PREFIX, RUNNER_VERSION_HEADER } from "@flowdeck/shared/runners/protocol";
import type { FastifyInstance } from "fastify";
import type { TestClient } from "../helpers/http-client.ts";
import { createTask } from "../tasks/task-factory.ts";
import { createWorkflow } from "../workflows/workflow-factory.ts";

export type RunnerResponse<T = any> = { status: number; body: T };

/** Speaks the runner protocol over HTTP as flowdeck-runner does: its secret and version on every call. */
export class RunnerClient {
  constructor(
    private readonly app: FastifyInstance,
    public secret: string | null,
    private readonly version = "0.1.0",
  ) {}

  async call<T = any>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<RunnerResponse<T>> {
    const headers: Record<string, string> = { [RUNNER_VERSION_HEADER]: this.version };
    if (this.secret) headers.authorization = `Bearer ${this.secret}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await this.app.inject({
      method,
      url: `${RUNNER_API_PREFIX}${path}`,
      headers,
      // A Buffer is sent as it is: a body of bytes no JSON.stringify would write.
      payload: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as T) : (undefined as T) };
  }

  claim() {
    return this.call("POST", "/jobs/claim", {});
  }
  heartbeat(runId: string) {
    return this.call("POST", `/runs/${runId}/heartbeat`, {});
  }
  step(runId: string, position: number, report: unknown) {
    return this.call("POST", `/runs/${runId}/steps/${position}`, report);
  }
  logs(runId: string, seq: number, chunks: unknown[]) {
    return this.call("POST", `/runs/${runId}/logs`, { seq, chunks });
  }
  complete(runId: string, outcome: string) {
    return this.call("POST", `/runs/${runId}/complete`, { outcome });
  }
}

/** An admin's registration token, through the Runners page's API. */
export async function createRegistrationToken(admin: TestClient, orgId: string) {
  const response = await admin.post(`/api/orgs/${orgId}/runners/registration-tokens`);
  if (response.status !== 201) throw new Error(`token creation failed: ${response.status}`);
  return response.body as { token: string; command: string; expiresAt: string };
}

/** A registered runner of the organization, ready to claim. */
export async function registerRunner(
  app: FastifyInstance,
  admin: TestClient,
  orgId: string,
  options: { os?: string; name?: string; labels?: string[] } = {},
) {
  const { token } = await createRegistrationToken(admin, orgId);
  const client = new RunnerClient(app, null);
  const response = await client.call("POST", "/register", {
    token,
    name: options.name ?? "build-box",
    labels: options.labels ?? [],
    os: options.os ?? "linux",
    arch: "x64",
    version: "0.1.0",
  });
  if (response.status !== 201)
    throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  client.secret = response.body.secret;
  return { client, id: response.body.runnerId as string };
}

/** A workflow of commands with the given Linux lines (null: a command without a Linux line). */
export async function createLinuxWorkflow(
  editor: TestClient,
  orgId: string,
  lines: (string | null)[],
  name = "Deploy",
) {
  const ids: string[] = [];
  for (const [index, line] of lines.entries()) {
    const commands = line === null ? { windows: "echo windows" } : { linux: line, windows: `echo win ${index}` };
    ids.push((await createTask(editor, orgId, { name: `Step ${index + 1}`, commands })).id);
  }
  return createWorkflow(editor, orgId, ids, { name });
}

/** Run now for Linux: the queued run's id. */
export async function queueRun(editor: TestClient, orgId: string, workflowId: string, platform = "linux") {
  const response = await editor.post(`/api/orgs/${orgId}/workflows/${workflowId}/execute`, { platform });
  if (response.status !== 201) throw new Error(`run now failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id as string;
}

/** Polls `check` until it holds or the deadline passes (never a fixed sleep). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
