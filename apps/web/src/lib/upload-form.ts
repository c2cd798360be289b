import { apiErrorOf, serverFailedError, unreachableError } from "./response-error.ts";

/** A form with one file, in the part named "file" that the upload routes read. */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.set("file", file, file.name);
  return form;
}

/**
 * Sends a multipart form (a file upload) and returns the JSON answer. The shared api() client
 * sends JSON only; this sends FormData with the same session cookie and the same ApiError on
 * failure. The browser sets the multipart content type and boundary itself.
 */
export async function uploadForm<T>(
  path: string,
  form: FormData,
  { method = "POST", headers }: { method?: "POST" | "PUT"; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, body: form, headers, credentials: "same-origin" });
  } catch {
    throw unreachableError();
  }
  if (!response.ok) throw await apiErrorOf(response);
  try {
    return (await response.json()) as T;
  } catch {
    throw serverFailedError(response.status);
  }
}
