import type { ErrorBody, ErrorCode } from "@flowdeck/shared";

/**
 * An error answer from the server, carrying its code, message and per-field messages, and the
 * whole answer for the routes that say more with their error (an import's preview).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly body: unknown;

  constructor(status: number, code: ErrorCode, message: string, fields: Record<string, string> = {}, body?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
  }
}

/** A body sent as it is, with its own type (a YAML document), instead of JSON. */
export type RawBody = { text: string; contentType: string };

type RequestOptions = {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its content type; for the few routes that take something else than JSON. */
  raw?: RawBody;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Calls the Flowdeck API with the session cookie and turns error answers into ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, raw, signal, headers = {} } = options;
  const sent = raw
    ? { type: raw.contentType, text: raw.text }
    : body === undefined
      ? undefined
      : { type: "application/json", text: JSON.stringify(body) };
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: "same-origin",
      headers: sent ? { "content-type": sent.type, ...headers } : headers,
      body: sent?.text,
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
  if (body?.error?.message) return new ApiError(status, body.error.code, body.error.message, body.error.fields, data);
  // better-auth answers { code, message }.
  if (typeof body?.message === "string")
    return new ApiError(status, status === 429 ? "resource-exhausted" : "invalid-argument", body.message);
  return new ApiError(status, "internal", "Something went wrong on our side. Please try again.");
}
