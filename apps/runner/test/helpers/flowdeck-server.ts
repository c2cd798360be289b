import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { workflowSteps, workflows } from "../../../server/src/db/schema/index.ts";
import { registerOwner } from "../../../server/test/helpers/factories.ts";
import type { TestClient } from "../../../server/test/helpers/http-client.ts";
import { createTestApp, type TestApp } from "../../../server/test/helpers/test-app.ts";
import { createTask } from "../../../server/test/tasks/task-factory.ts";
import { createWorkflow } from "../../../server/test/workflows/workflow-factory.ts";
import { runRunner } from "./runner-cli.ts";

export type Flowdeck = {
  testApp: TestApp;
  /** Where the runner reaches it. */
  url: string;
  owner: Awaited<ReturnType<typeof registerOwner>>;
  close: () => Promise<void>;
};

/**
 * The real Flowdeck server on a real port (the runner is another process), with a short lease so a
 * vanished runner's run is lost in seconds (still longer than the 3 s between heartbeats), and an
 * owner signed in.
 */
export async function startFlowdeck(env: Record<string, string> = {}): Promise<Flowdeck> {
  const testApp = await createTestApp({ env: { RUNNER_LEASE_SECONDS: "6", RUNNER_CLAIM_HOLD_SECONDS: "5", ...env } });
  await testApp.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = testApp.app.server.address() as AddressInfo;
  const owner = await registerOwner(testApp.app);
  return { testApp, url: `http://127.0.0.1:${port}`, owner, close: testApp.close };
}

export async function createRegistrationToken(client: TestClient, orgId: string): Promise<string> {
  const response = await client.post<{ token: string }>(`/api/orgs/${orgId}/runners/registration-tokens`, {});
  if (response.status !== 201) throw new Error(`token: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token;
}

/**
 * Registers a runner the way a person does, with the command Flowdeck shows (a new registration
 * token), keeping its configuration in `configDir`; resolves with the command's exit and output.
 */
export async function registerRunner(
  flowdeck: Flowdeck,
  configDir: string,
  name?: string,
  env: Record<string, string> = {},
) {
  const token = await createRegistrationToken(flowdeck.owner.client, flowdeck.owner.organizationId);
  const named = name ? ["--name", name] : [];
  return runRunner(["register", "--url", flowdeck.url, "--token", token, ...named, "--config", configDir], env);
}

/** A step of a test workflow: its command's lines, and the step's settings in the workflow. */
export type StepSpec =
  | string
  | {
      linux?: string;
      windows?: string;
      continueOnError?: boolean;
      timeoutSeconds?: number;
      /** Set through the workflow API's stepOptions (decision 072). */
      retry?: Record<string, unknown>;
      runIf?: unknown;
    };

/**
 * Queues a run for Linux of a new workflow whose steps run `steps`, in order; resolves with its id.
 * Step settings and the workflow's timeout are set in the database, as the workflow form would.
 */
export async function queueRun(
  flowdeck: Flowdeck,
  steps: StepSpec[],
  options: {
    timeoutSeconds?: number;
    secrets?: string[];
    /** The workflow's parameter declarations, and the run's values. */
    parameters?: Record<string, unknown>[];
    values?: Record<string, unknown>;
  } = {},
): Promise<string> {
  const { client, organizationId: orgId } = flowdeck.owner;
  const db = flowdeck.testApp.database.db;
  const specs = steps.map((step) => (typeof step === "string" ? { linux: step } : step));
  const tasks: { id: string }[] = [];
  for (const [index, spec] of specs.entries()) {
    const commands = {
      ...(spec.linux ? { linux: spec.linux } : {}),
      ...(spec.windows ? { windows: spec.windows } : {}),
    };
    tasks.push(await createTask(client, orgId, { name: `Step ${index + 1}`, commands }));
  }
  const workflow = await createWorkflow(
    client,
    orgId,
    tasks.map((task) => task.id),
    options.parameters ? { parameters: options.parameters } : {},
  );
  for (const [index, spec] of specs.entries()) {
    await db
      .update(workflowSteps)
      .set({ continueOnError: spec.continueOnError ?? false, timeoutSeconds: spec.timeoutSeconds ?? null })
      .where(and(eq(workflowSteps.workflowId, workflow.id), eq(workflowSteps.position, index)));
  }
  if (specs.some((spec) => spec.retry || spec.runIf)) {
    const stepOptions = specs.map((spec, index) => ({
      taskId: tasks[index]!.id,
      continueOnError: spec.continueOnError ?? false,
      timeoutSeconds: spec.timeoutSeconds ?? null,
      ...(spec.retry ? { retry: spec.retry } : {}),
      ...(spec.runIf ? { runIf: spec.runIf } : {}),
    }));
    const saved = await client.patch(`/api/orgs/${orgId}/workflows/${workflow.id}`, { stepOptions });
    if (saved.status !== 200) throw new Error(`stepOptions: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  if (options.timeoutSeconds) {
    await db.update(workflows).set({ timeoutSeconds: options.timeoutSeconds }).where(eq(workflows.id, workflow.id));
  }
  if (options.secrets) {
    const listed = await client.patch(`/api/orgs/${orgId}/workflows/${workflow.id}`, { secrets: options.secrets });
    if (listed.status !== 200) throw new Error(`secrets: ${listed.status} ${JSON.stringify(listed.body)}`);
  }
  const response = await client.post<{ id: string }>(`/api/orgs/${orgId}/workflows/${workflow.id}/execute`, {
    platform: "linux",
    ...(options.values ? { parameters: options.values } : {}),
  });
  if (response.status !== 201) throw new Error(`execute: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.id;
}

export type RunView = {
  status: string;
  outputs: Record<string, Record<string, string>>;
  outputsTruncated: boolean;
  steps: {
    status: string;
    skipReason: string | null;
    attempts: { exitCode: number | null; startedAt: string; endedAt: string }[];
    exitCode: number | null;
    signal: string | null;
    startedAt: string | null;
    finishedAt: string | null;
  }[];
};

export async function getRun(client: TestClient, orgId: string, runId: string): Promise<RunView> {
  const response = await client.get<RunView>(`/api/orgs/${orgId}/runs/${runId}`);
  if (response.status !== 200) throw new Error(`run: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export type LogLine = { position: number; stream: string; text: string };

export async function getLogs(client: TestClient, orgId: string, runId: string): Promise<LogLine[]> {
  const response = await client.get<{ items: LogLine[] }>(`/api/orgs/${orgId}/runs/${runId}/logs`);
  if (response.status !== 200) throw new Error(`logs: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.items;
}

/** All text of one stream of one step. */
export function textOf(lines: LogLine[], position: number, stream: string): string {
  return lines
    .filter((line) => line.position === position && line.stream === stream)
    .map((line) => line.text)
    .join("");
}
