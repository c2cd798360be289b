import type { ErrorBody } from "@flowdeck/shared";
import { ApiError } from "@/lib/api-client.ts";

const UNREACHABLE = "Cannot reach the server. Check your connection and try again.";

/**
 * PUTs one image as multipart/form-data (the part named "file"). The shared api() client sends
 * JSON only; this sends the form with the same session cookie and the same ApiError on failure.
 * The browser sets the multipart content type and boundary itself.
 */
export async function putImage<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.set("file", file, file.name);
  let response: Response;
  try {
    response = await fetch(path, { method: "PUT", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "unavailable", UNREACHABLE);
  }
  const body = (await response.json().catch(() => undefined)) as (Partial<ErrorBody> & T) | undefined;
  if (response.ok && body) return body;
  if (body?.error?.message) {
    throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  }
  throw new ApiError(response.status, "internal", "Something went wrong on our side. Please try again.");
}
