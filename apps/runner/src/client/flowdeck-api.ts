import { randomUUID } from "node:crypto";
import { request, type Dispatcher } from "undici";
import type { z } from "zod";
import { ImportPreviewSchema, type ImportPreview } from "@flowdeck/shared/import-export/schemas";
import { CurrentOrganizationSchema, type CurrentOrganization } from "@flowdeck/shared/organizations/current";
import { RunHistoryPageSchema, type RunHistoryPage } from "@flowdeck/shared/runs/history";
import {
  RunDetailSchema,
  RunLogPageSchema,
  RunOptionsSchema,
  type RunDetail,
  type RunLogPage,
  type RunOptions,
} from "@flowdeck/shared/runs/schemas";
import type { ParameterValue } from "@flowdeck/shared/workflows/parameters";
import { WorkflowPageSchema, WorkflowSchema, type Workflow } from "@flowdeck/shared/workflows/schemas";
import { UnexpectedAnswerError } from "../api/api-errors.ts";
import { dispatcher, parseJson, toApiError, toUnreachable } from "../api/runner-api.ts";
import { RUNNER_VERSION } from "../version.ts";
import type { Connection } from "./connection.ts";

const CALL_TIMEOUT_MS = 30_000;

type Method = "GET" | "POST";

/**
 * Flowdeck's public API as the `flowdeck` command calls it, with an API token. Answers are
 * validated with the shared schemas; errors are the runner's (ApiError, UnreachableError), so one
 * describer words them.
 */
export class FlowdeckApi {
  private organizationId: string | null = null;

  constructor(readonly connection: Connection) {}

  get url(): string {
    return this.connection.url;
  }

  /** The token's organization (GET /api/orgs/current), read once. */
  async whoAmI(): Promise<CurrentOrganization> {
    const current = await this.call("GET", "/api/orgs/current", { schema: CurrentOrganizationSchema });
    this.organizationId = current.organization.id;
    return current;
  }

  async workflow(id: string): Promise<Workflow> {
    return this.call("GET", await this.org(`/workflows/${encodeURIComponent(id)}`), { schema: WorkflowSchema });
  }

  /** Every workflow of the organization, a page of 100 at a time. */
  async workflows(): Promise<Workflow[]> {
    const all: Workflow[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ pageSize: "100", ...(cursor ? { cursor } : {}) });
      const page: z.output<typeof WorkflowPageSchema> = await this.call("GET", await this.org(`/workflows?${query}`), {
        schema: WorkflowPageSchema,
      });
      all.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return all;
  }

  async runOptions(workflowId: string): Promise<RunOptions> {
    return this.call("GET", await this.org(`/workflows/${encodeURIComponent(workflowId)}/run-options`), {
      schema: RunOptionsSchema,
    });
  }

  async execute(
    workflowId: string,
    body: { platform?: string; parameters: Record<string, ParameterValue> },
  ): Promise<RunDetail> {
    return this.call("POST", await this.org(`/workflows/${encodeURIComponent(workflowId)}/execute`), {
      body,
      schema: RunDetailSchema,
      // A retried request (a proxy, a flaky network) never queues a second run.
      headers: { "idempotency-key": randomUUID() },
    });
  }

  async history(workflowId: string, query: { status?: string; limit: number }): Promise<RunHistoryPage> {
    const search = new URLSearchParams({
      limit: String(query.limit),
      ...(query.status ? { status: query.status } : {}),
    });
    return this.call("GET", await this.org(`/workflows/${encodeURIComponent(workflowId)}/history?${search}`), {
      schema: RunHistoryPageSchema,
    });
  }

  async run(runId: string): Promise<RunDetail> {
    return this.call("GET", await this.runPath(runId), { schema: RunDetailSchema });
  }

  async logs(runId: string, after: number): Promise<RunLogPage> {
    return this.call("GET", `${await this.runPath(runId)}/logs?after=${after}&limit=5000`, {
      schema: RunLogPageSchema,
    });
  }

  async cancel(runId: string): Promise<RunDetail> {
    return this.call("POST", `${await this.runPath(runId)}/cancel`, { schema: RunDetailSchema });
  }

  /** The path of a run's live stream (Server-Sent Events, docs/decisions/059). */
  async streamPath(runId: string): Promise<string> {
    return `${await this.runPath(runId)}/stream`;
  }

  /** Where a person opens the run in the browser. */
  runUrl(runId: string): string {
    return `${this.url}/workflows/runs/${encodeURIComponent(runId)}`;
  }

  headers(): Record<string, string> {
    return {
      authorization: `Bearer ${this.connection.token}`,
      "user-agent": `flowdeck/${RUNNER_VERSION} (${process.platform}; ${process.arch}; node ${process.version})`,
    };
  }

  private async runPath(runId: string): Promise<string> {
    return this.org(`/runs/${encodeURIComponent(runId)}`);
  }

  private async org(rest: string): Promise<string> {
    if (!this.organizationId) await this.whoAmI();
    return `/api/orgs/${encodeURIComponent(this.organizationId!)}${rest}`;
  }

  /** The organization as a YAML document (GET …/export, decision 069). */
  async exportYaml(): Promise<string> {
    const answer = await this.send("GET", await this.org("/export"), { accept: "text/yaml" });
    if (answer.status >= 300) throw toApiError(answer.status, answer.headers, parseJson(answer.text));
    return answer.text;
  }

  /** Imports a YAML document, or previews it; a refused import (400) answers its preview with its errors. */
  async importYaml(text: string, dryRun: boolean): Promise<ImportPreview> {
    const answer = await this.send("POST", await this.org(`/import?dryRun=${dryRun}`), {
      body: text,
      headers: { "content-type": "text/yaml" },
    });
    const json = parseJson(answer.text);
    if (answer.status === 400) {
      const refused = ImportPreviewSchema.safeParse(json);
      if (refused.success) return refused.data;
    }
    if (answer.status >= 300) throw toApiError(answer.status, answer.headers, json);
    const parsed = ImportPreviewSchema.safeParse(json);
    if (!parsed.success) throw new UnexpectedAnswerError(answer.status);
    return parsed.data;
  }

  private async call<Schema extends z.ZodType>(
    method: Method,
    path: string,
    options: { schema: Schema; body?: unknown; headers?: Record<string, string> },
  ): Promise<z.output<Schema>> {
    // A POST always carries a JSON body ({} when there is nothing to say).
    const body = method === "POST" ? JSON.stringify(options.body ?? {}) : undefined;
    const headers = { ...options.headers, ...(body !== undefined && { "content-type": "application/json" }) };
    const answer = await this.send(method, path, { body, headers });
    const json = parseJson(answer.text);
    if (answer.status >= 300) throw toApiError(answer.status, answer.headers, json);
    const parsed = options.schema.safeParse(json);
    if (!parsed.success) throw new UnexpectedAnswerError(answer.status);
    return parsed.data;
  }

  private async send(
    method: Method,
    path: string,
    options: { body?: string; headers?: Record<string, string>; accept?: string },
  ): Promise<{ status: number; headers: Dispatcher.ResponseData["headers"]; text: string }> {
    const headers: Record<string, string> = {
      accept: options.accept ?? "application/json",
      ...this.headers(),
      ...options.headers,
    };
    const body = options.body;
    const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
    let answer: Dispatcher.ResponseData;
    let text: string;
    try {
      answer = await request(`${this.url}${path}`, {
        method,
        headers,
        body,
        signal: timeout,
        dispatcher: dispatcher(),
      });
      text = await answer.body.text();
    } catch (error) {
      throw toUnreachable(error, timeout.aborted);
    }
    return { status: answer.statusCode, headers: answer.headers, text };
  }
}
