import type { ErrorBody, ErrorCode } from "@flowdeck/shared";

/** An error answer from the server, carrying its code, message and per-field messages. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, code: ErrorCode, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

/** Calls the Flowdeck API with the session cookie and turns error answers into ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, signal, headers = {} } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: "same-origin",
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "unavailable", "Cannot reach the server. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data = text ? safeParse(text) : undefined;
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, data: unknown): ApiError {
  const body = data as Partial<ErrorBody> & { message?: string; code?: string };
  if (body?.error?.message) return new ApiError(status, body.error.code, body.error.message, body.error.fields);
  // better-auth answers { code, message }.
  if (typeof body?.message === "string")
    return new ApiError(status, status === 429 ? "resource-exhausted" : "invalid-argument", body.message);
  return new ApiError(status, "internal", "Something went wrong on our side. Please try again.");
}
