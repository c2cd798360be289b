import { EnvHttpProxyAgent, request, type Dispatcher } from "undici";
import type { z } from "zod";
import {
  ClaimResponseSchema,
  LogBatchResponseSchema,
  RegisterRunnerResponseSchema,
  RunControlSchema,
  RunnerSelfSchema,
  RUNNER_API_PREFIX,
  RUNNER_TIMINGS,
  RUNNER_VERSION_HEADER,
  compareVersions,
  type ClaimResponse,
  type CompleteRun,
  type LogBatch,
  type LogBatchResponse,
  type RegisterRunnerRequest,
  type RegisterRunnerResponse,
  type RunControl,
  type RunnerSelf,
  type StepReport,
} from "@flowdeck/shared/runners/protocol";
import { SERVER_VERSION_HEADER } from "@flowdeck/shared/runners/install";
import { printError } from "../cli/output.ts";
import { RUNNER_VERSION } from "../version.ts";
import { olderThanServer } from "./describe-error.ts";
import { ApiError, UnexpectedAnswerError, UnreachableError } from "./api-errors.ts";

/** Calls that are not long polls give up after this long and are retried. */
const CALL_TIMEOUT_MS = 30_000;
/** The claim is held by the server up to claimHoldMs; allow for a slow network on top. */
const CLAIM_TIMEOUT_MS = RUNNER_TIMINGS.claimHoldMs + 20_000;

// HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured, so a runner works behind a corporate proxy.
let sharedDispatcher: Dispatcher | undefined;
/** The one HTTP client of the process (the runner's and the `flowdeck` client's), honouring the proxy variables. */
export function dispatcher(): Dispatcher {
  sharedDispatcher ??= new EnvHttpProxyAgent();
  return sharedDispatcher;
}

type CallOptions<Schema extends z.ZodType | null> = {
  body?: unknown;
  schema: Schema;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** The runner's side of /api/runner/v1 (docs/runner-protocol.md). Answers are validated with the shared schemas. */
export class RunnerApi {
  readonly baseUrl: string;

  constructor(
    url: string,
    private readonly secret: string | null = null,
  ) {
    this.baseUrl = url.replace(/\/+$/, "");
  }

  withSecret(secret: string): RunnerApi {
    return new RunnerApi(this.baseUrl, secret);
  }

  register(body: RegisterRunnerRequest): Promise<RegisterRunnerResponse> {
    return this.call("POST", "/register", { body, schema: RegisterRunnerResponseSchema });
  }

  self(): Promise<RunnerSelf> {
    return this.call("GET", "/runner", { schema: RunnerSelfSchema });
  }

  unregister(): Promise<null> {
    return this.call("DELETE", "/runner", { schema: null });
  }

  claim(signal?: AbortSignal): Promise<ClaimResponse> {
    return this.call("POST", "/jobs/claim", {
      body: {},
      schema: ClaimResponseSchema,
      signal,
      timeoutMs: CLAIM_TIMEOUT_MS,
    });
  }

  heartbeat(runId: string): Promise<RunControl> {
    return this.call("POST", `/runs/${encodeURIComponent(runId)}/heartbeat`, { body: {}, schema: RunControlSchema });
  }

  reportStep(runId: string, position: number, report: StepReport): Promise<RunControl> {
    return this.call("POST", `/runs/${encodeURIComponent(runId)}/steps/${position}`, {
      body: report,
      schema: RunControlSchema,
    });
  }

  sendLogs(runId: string, batch: LogBatch): Promise<LogBatchResponse> {
    return this.call("POST", `/runs/${encodeURIComponent(runId)}/logs`, {
      body: batch,
      schema: LogBatchResponseSchema,
    });
  }

  complete(runId: string, body: CompleteRun): Promise<RunControl> {
    return this.call("POST", `/runs/${encodeURIComponent(runId)}/complete`, { body, schema: RunControlSchema });
  }

  private async call<Schema extends z.ZodType | null>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    options: CallOptions<Schema>,
  ): Promise<Schema extends z.ZodType ? z.output<Schema> : null> {
    const headers: Record<string, string> = {
      accept: "application/json",
      "user-agent": `flowdeck-runner/${RUNNER_VERSION} (${process.platform}; ${process.arch}; node ${process.version})`,
      [RUNNER_VERSION_HEADER]: RUNNER_VERSION,
    };
    if (this.secret) headers.authorization = `Bearer ${this.secret}`;
    if (options.body !== undefined) headers["content-type"] = "application/json";

    const timeout = AbortSignal.timeout(options.timeoutMs ?? CALL_TIMEOUT_MS);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let answer: Dispatcher.ResponseData;
    let text: string;
    try {
      answer = await request(`${this.baseUrl}${RUNNER_API_PREFIX}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        dispatcher: dispatcher(),
      });
      text = await answer.body.text();
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw toUnreachable(error, timeout.aborted);
    }

    noticeServerVersion(answer.headers, this.baseUrl);
    const json = parseJson(text);
    if (answer.statusCode >= 400 || (answer.statusCode >= 300 && answer.statusCode < 400)) {
      throw toApiError(answer.statusCode, answer.headers, json);
    }
    if (options.schema === null) return null as never;
    const parsed = options.schema.safeParse(json);
    if (!parsed.success) throw new UnexpectedAnswerError(answer.statusCode);
    return parsed.data as never;
  }
}

let toldOlder = false;

/** Says once per process that this runner is older than its server (which names its version on every answer). */
function noticeServerVersion(headers: Dispatcher.ResponseData["headers"], url: string) {
  const version = versionOf(headers);
  if (toldOlder || !version || compareVersions(RUNNER_VERSION, version) >= 0) return;
  toldOlder = true;
  printError(`${new Date().toISOString()} ${olderThanServer(version, url)}`);
}

export function versionOf(headers: Dispatcher.ResponseData["headers"]): string | null {
  const header = headers[SERVER_VERSION_HEADER];
  return typeof header === "string" && /^\d+\.\d+\.\d+$/.test(header) ? header : null;
}

export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function toApiError(status: number, headers: Dispatcher.ResponseData["headers"], json: unknown): ApiError {
  const retryAfter = Number(headers["retry-after"]);
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null;
  const error = (json as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined)?.error;
  if (error && typeof error.code === "string" && typeof error.message === "string") {
    const fields =
      error.fields && typeof error.fields === "object" ? (error.fields as Record<string, string>) : undefined;
    return new ApiError(status, error.code, error.message, fields, retryAfterSeconds, versionOf(headers));
  }
  const location = headers.location;
  const message =
    status >= 300 && status < 400 && location ? `HTTP ${status}, redirected to ${String(location)}` : `HTTP ${status}`;
  return new ApiError(status, null, message, {}, retryAfterSeconds);
}

function systemCode(error: unknown): string | null {
  const candidate = error as { code?: unknown; errors?: unknown[]; cause?: unknown } | null;
  if (!candidate || typeof candidate !== "object") return null;
  if (typeof candidate.code === "string" && candidate.code !== "UND_ERR_SOCKET") return candidate.code;
  if (Array.isArray(candidate.errors) && candidate.errors.length > 0) return systemCode(candidate.errors[0]);
  if (candidate.cause) return systemCode(candidate.cause);
  return typeof candidate.code === "string" ? candidate.code : null;
}

export function toUnreachable(error: unknown, timedOut: boolean): UnreachableError {
  if (timedOut) return new UnreachableError("ETIMEDOUT", "no answer in time");
  const code = systemCode(error);
  return new UnreachableError(code, (error as Error)?.message || code || "no answer");
}

/** Closes the connections kept alive, so the process can exit. */
export async function closeHttp(): Promise<void> {
  const open = sharedDispatcher;
  sharedDispatcher = undefined;
  await open?.close().catch(() => undefined);
}
