import type { ErrorBody } from "@flowdeck/shared";
import { ApiError } from "@/lib/api-client.ts";

const UNREACHABLE = "Cannot reach the server. Check your connection and try again.";

async function errorOf(response: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> | undefined;
  try {
    body = (await response.json()) as Partial<ErrorBody>;
  } catch {
    body = undefined;
  }
  if (body?.error?.message) {
    return new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  }
  return new ApiError(response.status, "internal", "Something went wrong on our side. Please try again.");
}

/**
 * POSTs a multipart form (a file upload). The shared api() client sends JSON only; this does
 * the same for FormData, with the same session cookie and the same ApiError on failure. The
 * browser sets the multipart content type and boundary itself.
 */
export async function sendForm<T>(path: string, form: FormData, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", body: form, credentials: "same-origin", signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "unavailable", UNREACHABLE);
  }
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as T;
}

/** GETs a file's bytes, for a download the page starts itself. */
export async function fetchFile(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "unavailable", UNREACHABLE);
  }
  if (!response.ok) throw await errorOf(response);
  return response.blob();
}
