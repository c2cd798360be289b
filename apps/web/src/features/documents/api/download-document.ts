import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiErrorOf, unreachableError } from "@/lib/response-error.ts";
import { documentKeys, documentPath } from "./document-keys.ts";

export type DownloadTarget = { documentId: string; fileName: string; version?: number };

/**
 * Fetches the file and hands it to the browser as a download, so a failure can be shown in the
 * page ('Failed to download document') instead of an error page. Files are at most 1 MB.
 */
export async function downloadDocument(orgId: string, { documentId, fileName, version }: DownloadTarget) {
  const path = documentPath(orgId, documentId, version ? `/versions/${version}/download` : "/download");
  const blob = await fetchFile(path);
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

/** GETs a file's bytes, for a download the page starts itself. */
async function fetchFile(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin" });
  } catch {
    throw unreachableError();
  }
  if (!response.ok) throw await apiErrorOf(response);
  return response.blob();
}

export function useDownloadDocument(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: DownloadTarget) => downloadDocument(orgId, target),
    // Not retried: a second attempt would count a second download.
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(orgId) }),
  });
}
