import { apiErrorOf, unreachableError } from "./response-error.ts";

/**
 * GETs a file's bytes with the session, for a download the page starts itself, so a refusal
 * becomes an ApiError the page can show instead of a file holding the error.
 */
export async function fetchFile(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch {
    throw unreachableError();
  }
  if (!response.ok) throw await apiErrorOf(response);
  return response.blob();
}

/** Hands `blob` to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked a little later: revoking at once can cancel a download that has not started yet.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
