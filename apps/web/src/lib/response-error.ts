import type { ErrorBody } from "@flowdeck/shared";
import { ApiError } from "./api-client.ts";

// For the requests that api() cannot make (multipart uploads, file downloads): the same ApiError
// for the same answers.

const UNREACHABLE = "Cannot reach the server. Check your connection and try again.";
const SERVER_FAILED = "Something went wrong on our side. Please try again.";

/** The request never got an answer (offline, server down). */
export function unreachableError(): ApiError {
  return new ApiError(0, "unavailable", UNREACHABLE);
}

/** An answer that is not what was asked for, without an error body of ours. */
export function serverFailedError(status: number): ApiError {
  return new ApiError(status, "internal", SERVER_FAILED);
}

/** The ApiError an error answer carries: the server's code, message and field messages. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined;
  if (body?.error?.message) {
    return new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  }
  return serverFailedError(response.status);
}
